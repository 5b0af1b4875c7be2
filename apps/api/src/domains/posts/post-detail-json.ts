import type { CitizenSummaryRow, Hydration, PostRow } from './hydrate.js';
import { parseIdList } from './hydrate.js';
import type { PostContent } from './post-cache.js';
import { type CheckedPostJson, fillLive, type LivePart, plainLive, postViewParts } from './post-json.js';
import { commentsCountOf, likesOf, postView } from './present.js';

/**
 * One post's JSON, remembered with the version of its content it was written from (ADR 044). A post read
 * again and again (a shared link, a post everyone opens) was presented and stringified again for every reader,
 * about a tenth of a post detail's CPU, to find the same text as before but for the likes and the comment count.
 *
 * The text is reused while everything it was written from is the same: the content object (the post cache,
 * post-cache.ts, holds a new one after every change to the post's content), the live sharing, status and
 * moderation (ADR 070), the
 * author's summary (read fresh with every post) and the names of the citizens the caption mentions. Only the
 * live part (the likes as the reader sees them, the comment count) is filled in each time. Anything else
 * differing writes the view again, checked as before.
 */
interface Written {
  sharing: PostRow['sharing'];
  status: PostRow['status'];
  hiddenAt: PostRow['hidden_at'];
  author: CitizenSummaryRow;
  mentionIds: readonly string[];
  /** The mentioned citizens as the text names them (undefined: not found, so left out of the text). */
  mentioned: readonly (CitizenSummaryRow | undefined)[];
  aroundLive: readonly string[];
}

// Keyed by the content object: a text lives as long as the version of the post it was written from. The rows
// kept for comparison are hydration's, which nothing changes once read.
const written = new WeakMap<PostContent, Written>();

/** The post's JSON (the contract's PostView) for this hydration's reader. */
export function postDetailJson(checked: CheckedPostJson, post: PostRow, hydration: Hydration): string {
  const content = hydration.contents.get(post.id);
  const author = hydration.citizens.get(post.author_id);
  const live: LivePart = { likes: likesOf(post, hydration), commentsCount: commentsCountOf(post) };
  const known = content && written.get(content);
  if (known && author && plainLive(live) && sameSources(known, post, author, hydration)) {
    return fillLive(known.aroundLive, [live]);
  }
  const { json, aroundLive } = postViewParts(checked, postView(post, hydration));
  if (content && author && aroundLive) {
    const mentionIds = parseIdList(post.mention_ids);
    written.set(content, {
      sharing: post.sharing,
      status: post.status,
      hiddenAt: post.hidden_at,
      author,
      mentionIds,
      mentioned: mentionIds.map((id) => hydration.citizens.get(id)),
      aroundLive,
    });
  }
  return json;
}

const sameCitizen = (a: CitizenSummaryRow | undefined, b: CitizenSummaryRow | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.id === b.id &&
    a.username === b.username &&
    a.display_name === b.display_name &&
    a.profile_picture_uri === b.profile_picture_uri &&
    a.country === b.country);

function sameSources(known: Written, post: PostRow, author: CitizenSummaryRow, hydration: Hydration): boolean {
  if (
    known.sharing !== post.sharing ||
    known.status !== post.status ||
    known.hiddenAt !== post.hidden_at ||
    !sameCitizen(known.author, author)
  ) {
    return false;
  }
  for (let i = 0; i < known.mentionIds.length; i++) {
    if (!sameCitizen(known.mentioned[i], hydration.citizens.get(known.mentionIds[i] as string))) return false;
  }
  return true;
}
