import { FeedPage, type LikesOverviewDetails, PostView } from '@civitas/contract';
import type { z } from 'zod';
import type { Lru } from '../../cache/lru.js';

/**
 * Post views as JSON, checked against the contract's schema once per distinct text instead of once per
 * response: checking and copying a page of twenty through zod was a quarter of a feed page's CPU.
 *
 * A page is the same for every reader except the likes, so it is written with each post's likes left out,
 * and that text is remembered (by its post ids) once zod has passed the whole answer. The next answer whose
 * text is the same skips zod; any change (a caption, an author's name, media, a mention, another post) is a
 * new text and is checked again. The bytes are always those of `JSON.stringify(schema.encode(body))`: an
 * answer whose zod encoding differs from the plain text (a key dropped, an id lower-cased) is answered with
 * zod's, and never remembered.
 */
export type CheckedPostJson = Lru<string, string>;

// Stands in for the likes while the rest is written; this key appears unescaped only where a view has it.
const LIKES_SLOT = '"likesOverviewDetails":0';
const slotStand = 0 as unknown as LikesOverviewDetails;

const likesJson = ({ likesCount, liked }: LikesOverviewDetails) =>
  `"likesOverviewDetails":{"likesCount":${JSON.stringify(likesCount)},"liked":${liked ? 'true' : 'false'}}`;

/**
 * The widest likes text a gzip template's hole holds (http/gzip-template.ts): counts below a billion. A wider
 * one makes the template give nothing, and that answer goes out plain.
 */
export const LIKES_HOLE_BYTES = likesJson({ likesCount: 999_999_999, liked: false }).length;

/** A post's likes as a template's hole: the same JSON, then spaces (JSON's whitespace) to LIKES_HOLE_BYTES. */
export const paddedLikesJson = (likes: LikesOverviewDetails): string => likesJson(likes).padEnd(LIKES_HOLE_BYTES);

/** Likes as the contract has them: a whole count, not negative, and a flag. */
export const plainLikes = ({ likesCount, liked }: LikesOverviewDetails): boolean =>
  Number.isInteger(likesCount) && likesCount >= 0 && typeof liked === 'boolean';

/** A feed page's JSON (the contract's FeedPage). */
export function feedPageJson(checked: CheckedPostJson, page: z.infer<typeof FeedPage>): string {
  return checkedJson(checked, 'page', FeedPage, page, page.data).json;
}

/**
 * One post's JSON (the contract's PostView), and the text around its likes when it can be split there (null
 * when its zod encoding differs from the plain text).
 */
export function postViewParts(
  checked: CheckedPostJson,
  view: PostView,
): { json: string; aroundLikes: string[] | null } {
  return checkedJson(checked, 'post', PostView, view, [view]);
}

/**
 * A feed page's JSON around its posts' likes: the text before the first post's likes, between each two and
 * after the last, to be filled with any reader's likes by `fillLikes`. Null when the page's text cannot be
 * split that way (its zod encoding differs from the plain text): such a page is written whole for each reader.
 */
export function feedPageAroundLikes(checked: CheckedPostJson, page: z.infer<typeof FeedPage>): string[] | null {
  return checkedJson(checked, 'page', FeedPage, page, page.data).aroundLikes;
}

/** The JSON of a page split by `feedPageAroundLikes`, with these likes (one per post, in order). */
export function fillLikes(aroundLikes: readonly string[], likes: readonly LikesOverviewDetails[]): string {
  let json = aroundLikes[0] as string;
  for (let i = 1; i < aroundLikes.length; i++) json += likesJson(likes[i - 1] as LikesOverviewDetails) + aroundLikes[i];
  return json;
}

function checkedJson<T>(
  checked: CheckedPostJson,
  kind: string,
  schema: z.ZodType<T>,
  body: T,
  views: readonly PostView[],
): { json: string; aroundLikes: string[] | null } {
  const likes = views.map((view) => view.likesOverviewDetails);
  let rest: string;
  // The views are swapped in place for the moment they are written (copies cost more than zod saved).
  for (const view of views) view.likesOverviewDetails = slotStand;
  try {
    rest = JSON.stringify(body);
  } finally {
    views.forEach((view, i) => {
      view.likesOverviewDetails = likes[i] as LikesOverviewDetails;
    });
  }
  const parts = rest.split(LIKES_SLOT);
  const json = fillLikes(parts, likes);
  const key = `${kind}:${views.map((view) => view.id).join()}`;
  const wellFormed = parts.length === views.length + 1;
  if (wellFormed && checked.peek(key) === rest && likes.every(plainLikes)) return { json, aroundLikes: parts };
  const encoded = JSON.stringify(schema.encode(body)); // throws, as the route serialiser would, on a bad answer
  if (wellFormed && encoded === json) {
    checked.set(key, rest);
    return { json, aroundLikes: parts };
  }
  return { json: encoded, aroundLikes: null };
}
