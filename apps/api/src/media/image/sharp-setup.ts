import type Sharp from 'sharp';

/**
 * The libvips loaders this process may run; every other loader (SVG files, PDF, TIFF, JPEG 2000, JPEG XL,
 * ImageMagick, OpenSlide, FITS, Matlab, the vips format, CSV, matrix, PPM, Radiance, Analyze, raw camera, and
 * any a later libvips adds) is blocked. An allowlist rather than a list of bad loaders, so an upgrade cannot
 * quietly open a new decoder to uploads.
 *
 * Uploads are sniffed (the contract's sniff-image.ts) and checked against sharp's own reading of the header before anything
 * is decoded, so this is defence in depth: if a sniff were ever wrong, libvips still could not pick an
 * unexpected loader for the bytes.
 *
 * File, buffer and source variants of the formats we take stay open: uploads reach sharp as files, and
 * tests, the bench and the seed read our own renditions back from memory.
 *
 * SVG: the demo seed draws its artwork as SVG and renders it from a buffer (seed/artwork.ts), so only the
 * buffer loader for SVG stays open. Uploads are only ever given to sharp as a file path, which the SVG file
 * loader would serve, and that one is blocked. Blocking SVG only around untrusted decodes was rejected: the
 * block is process-wide while sharp works on its own threads, so a seed render running beside an upload would
 * race with the toggle.
 */
const ALLOWED_LOADERS = [
  'VipsForeignLoadJpegFile',
  'VipsForeignLoadJpegBuffer',
  'VipsForeignLoadJpegSource',
  'VipsForeignLoadPngFile',
  'VipsForeignLoadPngBuffer',
  'VipsForeignLoadPngSource',
  'VipsForeignLoadWebpFile',
  'VipsForeignLoadWebpBuffer',
  'VipsForeignLoadWebpSource',
  'VipsForeignLoadNsgifFile',
  'VipsForeignLoadNsgifBuffer',
  'VipsForeignLoadNsgifSource',
  // AVIF; the HEVC decoder is not in sharp's libheif build, and HEIC is refused before it gets here.
  'VipsForeignLoadHeifFile',
  'VipsForeignLoadHeifBuffer',
  'VipsForeignLoadHeifSource',
  // Trusted markup only: see above.
  'VipsForeignLoadSvgBuffer',
];

export type SharpModule = typeof Sharp;

let loading: Promise<SharpModule> | undefined;

/**
 * sharp, with the loader allowlist applied, loaded on first use: the only way the code reaches it. libvips
 * takes about 18 MB of memory, which a web instance that never handles a picture (the media worker does)
 * need not hold.
 */
export function loadSharp(): Promise<SharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.block({ operation: ['VipsForeignLoad'] });
    sharp.unblock({ operation: ALLOWED_LOADERS });
    // libvips keeps its recent operations (by default up to 100 of them, 50 MB and 20 open files) for a
    // repeat of the same work on the same input. Every upload is decoded once and never again, so here that
    // cache would only hold on to a finished picture's operations.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
