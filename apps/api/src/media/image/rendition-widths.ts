/** The WebP widths a picture is offered at (srcset), when the caller does not say otherwise. */
export const RENDITION_WIDTHS = [320, 640, 1080, 2048] as const;

/** The width of the one JPEG, for `src`, share previews and browsers without WebP. */
export const JPEG_FALLBACK_WIDTH = 1080;

/**
 * The widths to make for a source this wide, narrowest first. Never wider than the source: the widths above it
 * are dropped and the source's own width stands in for them, so a 900 px picture gives 320, 640 and 900.
 */
export function renditionWidths(sourceWidth: number, wanted: readonly number[] = RENDITION_WIDTHS): number[] {
  const fitting = wanted.filter((width) => width > 0 && width < sourceWidth);
  if (wanted.some((width) => width >= sourceWidth)) fitting.push(sourceWidth);
  return [...new Set(fitting)].sort((a, b) => a - b);
}
