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
 * length of the whole text, which zlib's `crc32` works out over the pieces in order (about 2 µs for 18 KB). Any
 * gzip decoder reads the result as one ordinary member.
 */
export class GzipTemplate {
  private readonly plain: Buffer[];
  private readonly deflated: Buffer[];

  /** `parts` around the holes (one more part than holes), none with a zero byte; every hole `holeBytes` long. */
  constructor(
    parts: readonly string[],
    readonly holeBytes: number,
  ) {
    this.plain = parts.map((part) => Buffer.from(part));
    if (this.plain.some((part) => part.includes(0))) throw new Error('a template part may not hold a zero byte');
    const placeholder = Buffer.alloc(holeBytes);
    let before = Buffer.alloc(0);
    this.deflated = this.plain.map((part, i) => {
      const deflated = deflateRawSync(part, {
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(before.length > 0 ? { dictionary: before.subarray(-WINDOW_BYTES) } : {}),
      });
      if (i < this.plain.length - 1) before = Buffer.concat([before, part, placeholder]).subarray(-WINDOW_BYTES);
      return deflated;
    });
  }

  /**
   * The whole text with `holes` (one per gap, in order) written in, gzipped; null when a hole is not exactly
   * `holeBytes` long (the text is then not this template's to send).
   */
  fill(holes: readonly string[]): Buffer | null {
    if (holes.length !== this.plain.length - 1) {
      throw new Error(
        `a template of ${this.plain.length} parts takes ${this.plain.length - 1} holes, not ${holes.length}`,
      );
    }
    const pieces: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let length = 0;
    for (let i = 0; i < this.plain.length; i++) {
      const part = this.plain[i] as Buffer;
      crc = crc32(part, crc);
      length += part.length;
      pieces.push(this.deflated[i] as Buffer);
      if (i === holes.length) break;
      const hole = Buffer.from(holes[i] as string);
      if (hole.length !== this.holeBytes) return null;
      crc = crc32(hole, crc);
      length += hole.length;
      pieces.push(...storedBlocks(hole));
    }
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length >>> 0, 4);
    pieces.push(FINAL_EMPTY_BLOCK, trailer);
    return Buffer.concat(pieces);
  }
}

/** How far back deflate may refer: its window. */
const WINDOW_BYTES = 32 * 1024;
/** ID1 ID2, CM = deflate, no flags, no modification time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** BFINAL = 1, BTYPE = fixed Huffman, then the end-of-block code at once. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const STORED_MAX = 0xffff;

/** `data` as stored blocks (not final): header byte (BFINAL = 0, BTYPE = stored), LEN and its complement. */
function storedBlocks(data: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += STORED_MAX) {
    const chunk = data.subarray(at, at + STORED_MAX);
    const header = Buffer.allocUnsafe(5);
    header[0] = 0x00;
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}
