/**
 * What an image's first bytes say it is: the server's check of an upload (the API's inspect-image.ts) and the
 * browser's before it sends one (ADR 064), from this one list. `heif` is any other HEIF (HEIC photos hold HEVC):
 * recognised so it can be refused with a useful message, never decoded.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heif';

/** Enough of a file's start for every signature below (an ISO-BMFF `ftyp` box lists its brands early). */
export const IMAGE_HEAD_BYTES = 64;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

const startsWith = (head: Uint8Array, bytes: readonly number[]) => bytes.every((byte, index) => head[index] === byte);
const ascii = (head: Uint8Array, from: number, to: number) =>
  head.length < to ? '' : String.fromCharCode(...head.subarray(from, to));

/** The brands of an ISO-BMFF `ftyp` box at the very start: the major brand, then the compatible ones. */
function ftypBrands(head: Uint8Array): string[] {
  if (ascii(head, 4, 8) !== 'ftyp') return [];
  const boxSize = (((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0)) >>> 0;
  // Bytes 12-16 are the minor version, not a brand.
  const end = Math.min(boxSize, head.length);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, at + 4));
  return brands;
}

/**
 * Recognises a picture by its signature, never by its name or declared type. Anything else (SVG, HTML, a
 * polyglot that does not begin with a picture, video, text) is null. AVIF files also list the generic HEIF
 * brand `mif1`, so AVIF is looked for first.
 */
export function sniffImage(head: Uint8Array): ImageFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  const gif = ascii(head, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  const brands = ftypBrands(head);
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heif';
  return null;
}
