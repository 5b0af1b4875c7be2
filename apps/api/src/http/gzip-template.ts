import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A text with holes of a fixed size, gzipped once, whose holes are filled per answer without compressing again.
 *
 * A citizen's stage page is the page every citizen shares with only their likes written in (domains/feeds/
 * citizen-stage-page.ts). Compressing each such answer cost 0.18 ms of CPU, doubling the page's cost, so they
 * went out plain: 18 KB where a guest's page is under 4 KB. Here the shared text is compressed once, and each
 * answer is assembled from its compressed parts with the reader's bytes in between.
 *
 * How (RFC 1951, 1952): a deflate stream is a sequence of blocks, and a decoder copies back-references from the
 * text it has decoded so far, by distance. Each part is deflated with a sync flush (so it ends on a byte boundary
 * and is not the last block), with the text before it as the preset dictionary, each hole standing there as
 * `holeBytes` zero bytes. Its back-references then reach into earlier parts at the distances the decoder will
 * see, because every hole is exactly `holeBytes` long. They never reach into a hole: JSON text holds no raw zero
 * byte, so no run of the part's text can match one. Each hole's text goes in stored (uncompressed) blocks, and an
 * empty final block ends the stream. Around it is the fixed ten-byte gzip header, and the trailer: the CRC-32 and
 * length of the whole text. The fixed parts' share of the CRC-32 is worked out once (`CrcStep`), so an answer
 * runs zlib's `crc32` over its holes only. Any gzip decoder reads the result as one ordinary member.
 */
export class GzipTemplate {
  /** The whole text's length once filled (the gzip trailer's ISIZE): the same for every answer. */
  private readonly textBytes: number;
  private readonly deflated: Buffer[];
  /** How many holes each answer fills: one fewer than the parts. */
  readonly holes: number;
  /** What each part does to the CRC-32 register, whatever came before it. */
  private readonly crcSteps: CrcStep[];
  /** The answer's size: header, parts, a stored block per hole, final block and trailer. */
  private readonly answerBytes: number;

  /**
   * `parts` around the holes (one more part than holes), none with a zero byte; every hole `holeBytes` long, at
   * most one stored block (64 KB).
   */
  constructor(
    parts: readonly string[],
    readonly holeBytes: number,
  ) {
    if (holeBytes > STORED_MAX) throw new Error(`a hole holds at most ${STORED_MAX} bytes`);
    // Kept only while the template is made: an answer needs the parts' compressed bytes and CRC steps alone.
    const plain = parts.map((part) => Buffer.from(part));
    if (plain.some((part) => part.includes(0))) throw new Error('a template part may not hold a zero byte');
    // What the decoder will have before each part, the holes standing as zero bytes: one text, cut per part.
    const placeholder = Buffer.alloc(holeBytes);
    const text = Buffer.concat(plain.flatMap((part) => [part, placeholder]));
    let at = 0;
    this.deflated = plain.map((part) => {
      const before = text.subarray(Math.max(0, at - WINDOW_BYTES), at);
      at += part.length + holeBytes;
      return deflateRawSync(part, {
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(before.length > 0 ? { dictionary: before } : {}),
      });
    });
    const zeros = Buffer.alloc(Math.max(...plain.map((part) => part.length)));
    this.crcSteps = plain.map((part) => new CrcStep(part, zeros));
    this.holes = parts.length - 1;
    this.textBytes = text.length - holeBytes; // the text holds a placeholder after the last part too
    this.answerBytes =
      GZIP_HEADER.length +
      this.deflated.reduce((sum, part) => sum + part.length, 0) +
      this.holes * (STORED_HEADER_BYTES + holeBytes) +
      FINAL_EMPTY_BLOCK.length +
      TRAILER_BYTES;
  }

  /**
   * The whole text with `holes` (one per gap, in order) written in, gzipped; null when a hole is not exactly
   * `holeBytes` long (the text is then not this template's to send). Written into one buffer of the answer's
   * size; the CRC-32 is computed over the holes' bytes only (the parts' share is their `CrcStep`).
   */
  fill(holes: readonly string[]): Buffer | null {
    if (holes.length !== this.holes) {
      throw new Error(`a template of ${this.holes + 1} parts takes ${this.holes} holes, not ${holes.length}`);
    }
    if (holes.some((hole) => Buffer.byteLength(hole) !== this.holeBytes)) return null;
    const out = Buffer.allocUnsafe(this.answerBytes);
    let at = GZIP_HEADER.copy(out, 0);
    let crc = 0;
    for (let i = 0; i <= this.holes; i++) {
      crc = (this.crcSteps[i] as CrcStep).after(crc);
      at += (this.deflated[i] as Buffer).copy(out, at);
      const hole = holes[i];
      if (hole === undefined) break;
      // A stored block: BFINAL = 0 and BTYPE = stored in a byte of its own, then LEN and its complement.
      out[at] = 0x00;
      out.writeUInt16LE(this.holeBytes, at + 1);
      out.writeUInt16LE(~this.holeBytes & 0xffff, at + 3);
      at += STORED_HEADER_BYTES;
      const holeAt = at;
      at += out.write(hole, at);
      crc = crcAfter(out.subarray(holeAt, at), crc);
    }
    at += FINAL_EMPTY_BLOCK.copy(out, at);
    out.writeUInt32LE(crc >>> 0, at);
    out.writeUInt32LE(this.textBytes >>> 0, at + 4);
    return out;
  }
}

/**
 * What running a fixed text through the CRC-32 does, whatever the CRC was before it, in 33 numbers instead of a
 * pass over its bytes.
 *
 * CRC-32's register after a text is linear (over GF(2), bit by bit XOR) in the register before it, plus the
 * text's own contribution: after(r) = shift(r) XOR own, where `shift` is what as many zero bytes do to r (it
 * depends on the length alone) and `own` is the register after the text started from zero. A linear map of 32
 * bits is known by what it does to each single bit, so `shift` is kept as those 32 images, each got from zlib's
 * own `crc32` over zero bytes. zlib's `crc32(data, value)` keeps the register inverted (it starts from ~0 and
 * hands back ~register), hence the inversions. The fill's answers are checked by a real gzip decoder, which
 * refuses a wrong CRC (gzip-template.test.ts).
 */
class CrcStep {
  private readonly shiftOfBit = new Uint32Array(32);
  private readonly own: number;

  constructor(text: Buffer, zeros: Buffer) {
    const sameLengthOfZeros = zeros.subarray(0, text.length);
    for (let bit = 0; bit < 32; bit++) {
      this.shiftOfBit[bit] = ~crcAfter(sameLengthOfZeros, ~(1 << bit) >>> 0) >>> 0;
    }
    this.own = ~crcAfter(text, 0xffffffff) >>> 0;
  }

  /** zlib's `crc32(text, value)`, without reading the text. */
  after(value: number): number {
    let register = ~value >>> 0;
    let result = this.own;
    for (let bit = 0; register !== 0; bit++, register >>>= 1) {
      if (register & 1) result ^= this.shiftOfBit[bit] as number;
    }
    return ~result >>> 0;
  }
}

/**
 * zlib's `crc32(bytes, value)`, also for no bytes: zlib answers 0 (its starting value) for an empty buffer with
 * no memory behind it (as `Buffer.alloc(0)` may be), instead of `value`.
 */
const crcAfter = (bytes: Buffer, value: number): number => (bytes.length === 0 ? value : crc32(bytes, value));

/** How far back deflate may refer: its window. */
const WINDOW_BYTES = 32 * 1024;
/** ID1 ID2, CM = deflate, no flags, no modification time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** BFINAL = 1, BTYPE = fixed Huffman, then the end-of-block code at once. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const STORED_HEADER_BYTES = 5;
const STORED_MAX = 0xffff;
/** CRC-32 and length, little-endian. */
const TRAILER_BYTES = 8;
