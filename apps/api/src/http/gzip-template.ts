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
 * length of the whole text, which zlib's `crc32` works out over the pieces in order (about 18 µs for a twenty-post page). Any
 * gzip decoder reads the result as one ordinary member.
 */
export class GzipTemplate {
  private readonly plain: Buffer[];
  private readonly deflated: Buffer[];
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
    this.plain = parts.map((part) => Buffer.from(part));
    if (this.plain.some((part) => part.includes(0))) throw new Error('a template part may not hold a zero byte');
    // What the decoder will have before each part, the holes standing as zero bytes: one text, cut per part.
    const placeholder = Buffer.alloc(holeBytes);
    const text = Buffer.concat(this.plain.flatMap((part) => [part, placeholder]));
    let at = 0;
    this.deflated = this.plain.map((part) => {
      const before = text.subarray(Math.max(0, at - WINDOW_BYTES), at);
      at += part.length + holeBytes;
      return deflateRawSync(part, {
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(before.length > 0 ? { dictionary: before } : {}),
      });
    });
    const holes = parts.length - 1;
    this.answerBytes =
      GZIP_HEADER.length +
      this.deflated.reduce((sum, part) => sum + part.length, 0) +
      holes * (STORED_HEADER_BYTES + holeBytes) +
      FINAL_EMPTY_BLOCK.length +
      TRAILER_BYTES;
  }

  /**
   * The whole text with `holes` (one per gap, in order) written in, gzipped; null when a hole is not exactly
   * `holeBytes` long (the text is then not this template's to send). Written into one buffer of the answer's
   * size: about 30 µs for a twenty-post page, most of it the CRC-32 (Node offers no `crc32_combine`, so the
   * fixed parts' sums cannot be kept).
   */
  fill(holes: readonly string[]): Buffer | null {
    if (holes.length !== this.plain.length - 1) {
      throw new Error(
        `a template of ${this.plain.length} parts takes ${this.plain.length - 1} holes, not ${holes.length}`,
      );
    }
    if (holes.some((hole) => Buffer.byteLength(hole) !== this.holeBytes)) return null;
    const out = Buffer.allocUnsafe(this.answerBytes);
    let at = GZIP_HEADER.copy(out, 0);
    let crc = 0;
    let length = 0;
    for (let i = 0; i < this.plain.length; i++) {
      const part = this.plain[i] as Buffer;
      crc = crc32(part, crc);
      length += part.length;
      at += (this.deflated[i] as Buffer).copy(out, at);
      const hole = holes[i];
      if (hole === undefined) break;
      // A stored block: BFINAL = 0 and BTYPE = stored in a byte of its own, then LEN and its complement.
      out[at] = 0x00;
      out.writeUInt16LE(this.holeBytes, at + 1);
      out.writeUInt16LE(~this.holeBytes & 0xffff, at + 3);
      at += STORED_HEADER_BYTES;
      at += out.write(hole, at);
      crc = crc32(hole, crc);
      length += this.holeBytes;
    }
    at += FINAL_EMPTY_BLOCK.copy(out, at);
    out.writeUInt32LE(crc >>> 0, at);
    out.writeUInt32LE(length >>> 0, at + 4);
    return out;
  }
}

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
