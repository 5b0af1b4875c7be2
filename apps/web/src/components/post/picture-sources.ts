import type { MediaView } from '@civitas/contract';

/**
 * How wide a post's picture is drawn: the whole column (cards bleed over the page padding), which is the
 * viewport on a phone and 500 px from the tablet breakpoint (docs/product.md §2). The browser picks the narrowest
 * rendition that covers this at its pixel density. Profiles and the post page draw posts in the same column.
 */
export const POST_MEDIA_SIZES = '(min-width: 501px) 500px, 100vw';

/**
 * The most pixels a post's picture needs across: the 500 px column at 2x. Wider renditions are left out of
 * `srcset`, since browsers take the first one covering width × density: a 390 px phone at 3x would fetch the
 * 2048 px one (often 3x the bytes of the 1080 px one) for a difference nobody sees at this size.
 */
export const MOST_PIXELS_NEEDED = 1000;

type Renditions = MediaView['renditions'];

/** The renditions worth offering (narrowest first, as the view lists them): up to the first that is wide enough. */
export function renditionsUpTo(renditions: Renditions, needed = MOST_PIXELS_NEEDED): Renditions {
  const wideEnough = renditions.findIndex((rendition) => rendition.width >= needed);
  return wideEnough < 0 ? renditions : renditions.slice(0, wideEnough + 1);
}

/** `srcset` of the WebP renditions ("<uri> <width>w, ..."), or null for posts made before renditions. */
export const renditionSrcSet = (renditions: Renditions): string | null =>
  renditions.length > 0
    ? renditionsUpTo(renditions)
        .map((rendition) => `${rendition.uri} ${rendition.width}w`)
        .join(', ')
    : null;

/**
 * How a picture is fetched: the first of a page (what the person sees first, the page's largest paint) at
 * once and ahead of other images; the rest when they come near the screen, decoded off the main thread.
 * Attributes that would only repeat the defaults are left out of the HTML.
 */
export const loadingOf = (priority: boolean) =>
  priority ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);

/** A poster frame can't take a srcset: the smallest rendition at least this wide, else the JPEG. */
export function posterOf(media: MediaView, wanted = 640): string | undefined {
  return (
    media.renditions.find((rendition) => rendition.width >= wanted)?.uri ??
    media.renditions.at(-1)?.uri ??
    media.coverImageUri ??
    undefined
  );
}

/**
 * The picture's box before and after it arrives: the post's own proportions (a rendition's rounded height,
 * 640 x 427 for 1080 x 720, would otherwise move the page by a fraction of a pixel when it loads), and the
 * placeholder painted behind it until then (the picture is opaque and covers it; no script takes it away).
 */
export function mediaBoxStyle(media: MediaView): { aspectRatio?: string; backgroundImage?: string } | undefined {
  const box = {
    ...(media.width && media.height ? { aspectRatio: `${media.width} / ${media.height}` } : {}),
    ...(media.placeholder ? { backgroundImage: `url("${media.placeholder}")` } : {}),
  };
  return Object.keys(box).length > 0 ? box : undefined;
}
