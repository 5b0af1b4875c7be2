/** The short side (the "p" number) of each HLS rendition, best first; the first is the MP4 segmented as is. */
export type HlsLadder = { copy: number; scaled: number[] };

// Lower renditions for players on slow networks. 1080p sources get 720p and 360p, 720p sources 360p.
const LOWER_RUNGS = [720, 360] as const;
// A rung within 10 % of the source would cost an encode and save almost no bandwidth.
const CLEARLY_SMALLER = 0.9;

/**
 * At least two renditions, chosen by the short side of the MP4: the MP4 itself, plus the lower rungs that
 * are clearly smaller; a source too small for any rung gets one at half its size. Never upscaled.
 */
export function hlsLadder(shortSide: number): HlsLadder {
  const lower = LOWER_RUNGS.filter((rung) => rung < shortSide * CLEARLY_SMALLER);
  return {
    copy: shortSide,
    scaled: lower.length > 0 ? lower : [Math.max(2, Math.round(shortSide / 4) * 2)],
  };
}

/** Even dimensions whose short side is at most `shortSide`, keeping the aspect ratio. */
export function fitShortSide(width: number, height: number, shortSide: number): { width: number; height: number } {
  return scaleEven(width, height, Math.min(1, shortSide / Math.min(width, height)));
}

/** Even dimensions whose long side is at most `longSide`, keeping the aspect ratio. */
export function fitLongSide(width: number, height: number, longSide: number): { width: number; height: number } {
  return scaleEven(width, height, Math.min(1, longSide / Math.max(width, height)));
}

// H.264 in 4:2:0 needs even dimensions.
function scaleEven(width: number, height: number, scale: number) {
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}
