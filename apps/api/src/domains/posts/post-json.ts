import { FeedPage, type LikesOverviewDetails, PostView } from '@civitas/contract';
import type { z } from 'zod';
import type { Lru } from '../../cache/lru.js';

/**
 * Post views as JSON, checked against the contract's schema once per distinct text instead of once per
 * response: checking and copying a page of twenty through zod was a quarter of a feed page's CPU.
 *
 * A page is the same for every reader except each post's live part (the likes as that reader sees them and the
 * comment count, ADR 085), so it is written with that part left out, and that text is remembered (by its post
 * ids) once zod has passed the whole answer. The next answer whose text is the same skips zod; any change (a
 * caption, an author's name, media, a mention, another post) is a new text and is checked again. The bytes are
 * always those of `JSON.stringify(schema.encode(body))`: an answer whose zod encoding differs from the plain
 * text (a key dropped, an id lower-cased) is answered with zod's, and never remembered.
 */
export type CheckedPostJson = Lru<string, string>;

/** What of a post is written fresh for each reader: its likes as they see them and its comment count. */
export interface LivePart {
  likes: LikesOverviewDetails;
  commentsCount: number;
}

/** A view's live part. */
export const livePartOf = (view: PostView): LivePart => ({
  likes: view.likesOverviewDetails,
  commentsCount: view.commentsCount,
});

// Stands in for the live part while the rest is written; this key appears unescaped only where a view has it.
// The contract puts `commentsCount` right after `likesOverviewDetails`, so the two are written as one piece.
const LIVE_SLOT = '"likesOverviewDetails":0';
const slotStand = 0 as unknown as LikesOverviewDetails;

const liveJson = ({ likes: { likesCount, liked }, commentsCount }: LivePart) =>
  `"likesOverviewDetails":{"likesCount":${JSON.stringify(likesCount)},"liked":${liked ? 'true' : 'false'}},` +
  `"commentsCount":${JSON.stringify(commentsCount)}`;

/**
 * The widest live text a gzip template's hole holds (http/gzip-template.ts): counts below a billion. A wider
 * one makes the template give nothing, and that answer goes out plain.
 */
export const LIVE_HOLE_BYTES = liveJson({
  likes: { likesCount: 999_999_999, liked: false },
  commentsCount: 999_999_999,
}).length;

/** A post's live part as a template's hole: the same JSON, then spaces (JSON's whitespace) to LIVE_HOLE_BYTES. */
export const paddedLiveJson = (live: LivePart): string => liveJson(live).padEnd(LIVE_HOLE_BYTES);

const wholeCount = (count: number) => Number.isInteger(count) && count >= 0;

/** A live part as the contract has it: whole counts, not negative, and a flag. */
export const plainLive = ({ likes: { likesCount, liked }, commentsCount }: LivePart): boolean =>
  wholeCount(likesCount) && wholeCount(commentsCount) && typeof liked === 'boolean';

/**
 * Any answer's JSON checked against its schema once per distinct text, as the posts' are here but with nothing
 * left out for the reader: remembered under `key` once zod has passed it, and written whole each time (a page
 * of comments, comments/comments-json.ts). The bytes are zod's, as the route serialiser would write them.
 */
export function checkedOnce<T>(checked: CheckedPostJson, key: string, schema: z.ZodType<T>, body: T): string {
  const json = JSON.stringify(body);
  if (checked.peek(key) === json) return json;
  const encoded = JSON.stringify(schema.encode(body)); // throws, as the route serialiser would, on a bad answer
  if (encoded === json) checked.set(key, json);
  return encoded;
}

/** A feed page's JSON (the contract's FeedPage). */
export function feedPageJson(checked: CheckedPostJson, page: z.infer<typeof FeedPage>): string {
  return checkedJson(checked, 'page', FeedPage, page, page.data).json;
}

/**
 * One post's JSON (the contract's PostView), and the text around its live part when it can be split there (null
 * when its zod encoding differs from the plain text).
 */
export function postViewParts(checked: CheckedPostJson, view: PostView): { json: string; aroundLive: string[] | null } {
  return checkedJson(checked, 'post', PostView, view, [view]);
}

/**
 * A feed page's JSON around its posts' live parts: the text before the first post's, between each two and after
 * the last, to be filled with any reader's by `fillLive`. Null when the page's text cannot be split that way (its
 * zod encoding differs from the plain text): such a page is written whole for each reader.
 */
export function feedPageAroundLive(checked: CheckedPostJson, page: z.infer<typeof FeedPage>): string[] | null {
  return checkedJson(checked, 'page', FeedPage, page, page.data).aroundLive;
}

/** The JSON of a page split by `feedPageAroundLive`, with these live parts (one per post, in order). */
export function fillLive(aroundLive: readonly string[], live: readonly LivePart[]): string {
  let json = aroundLive[0] as string;
  for (let i = 1; i < aroundLive.length; i++) json += liveJson(live[i - 1] as LivePart) + aroundLive[i];
  return json;
}

function checkedJson<T>(
  checked: CheckedPostJson,
  kind: string,
  schema: z.ZodType<T>,
  body: T,
  views: readonly PostView[],
): { json: string; aroundLive: string[] | null } {
  const live = views.map(livePartOf);
  let rest: string;
  // The views are swapped in place for the moment they are written (copies cost more than zod saved); a count
  // left undefined is not written, and the slot's text stands for both.
  for (const view of views) {
    view.likesOverviewDetails = slotStand;
    view.commentsCount = undefined as unknown as number;
  }
  try {
    rest = JSON.stringify(body);
  } finally {
    views.forEach((view, i) => {
      const { likes, commentsCount } = live[i] as LivePart;
      view.likesOverviewDetails = likes;
      view.commentsCount = commentsCount;
    });
  }
  const parts = rest.split(LIVE_SLOT);
  const json = fillLive(parts, live);
  const key = `${kind}:${views.map((view) => view.id).join()}`;
  const wellFormed = parts.length === views.length + 1;
  if (wellFormed && checked.peek(key) === rest && live.every(plainLive)) return { json, aroundLive: parts };
  const encoded = JSON.stringify(schema.encode(body)); // throws, as the route serialiser would, on a bad answer
  if (wellFormed && encoded === json) {
    checked.set(key, rest);
    return { json, aroundLive: parts };
  }
  return { json: encoded, aroundLive: null };
}
