/**
 * The demuxer a video's bytes call for; it is forced on ffmpeg, which then never guesses a format. The browser
 * checks a chosen video with the same signatures before it sends one (ADR 064).
 */
export type VideoContainer = 'mov' | 'matroska';

/** How much of the file's start `sniffVideo` needs. */
export const VIDEO_HEAD_BYTES = 16;

const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));

// Major brands of ISO-BMFF video files (MP4, MOV, M4V, 3GP/3G2, DASH, camera makers). Image brands (avif,
// avis, heic, heix, mif1, msf1) are absent on purpose: those files are pictures, not videos.
const VIDEO_BRANDS =
  /^(isom|iso[2-9]|mp41|mp42|mp71|avc1|qt {2}|M4V |M4VH|M4VP|3gp\d|3g2\w|3ge\d|3gg\d|3gs\d|dash|mmp4|MSNV|XAVC|f4v |NDAS|CAEP|nvr1)$/;

/**
 * MP4/MOV by an `ftyp` box with a video brand, WebM/Matroska by the EBML header. Everything else (HLS
 * playlists, ffconcat lists, SDP, AVI, raw streams, HTML, pictures) is null and never reaches ffmpeg.
 */
export function sniffVideo(head: Uint8Array): VideoContainer | null {
  if (head.length < 12) return null;
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'matroska';
  if (ascii(head, 4, 8) !== 'ftyp') return null;
  return VIDEO_BRANDS.test(ascii(head, 8, 12)) ? 'mov' : null;
}
