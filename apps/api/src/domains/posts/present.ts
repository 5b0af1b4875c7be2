import type {
  CitizenSummary,
  LikesOverviewDetails,
  ModerationDecisionView,
  PostView,
  ReportReason,
} from '@civitas/contract';
import { moreMediaOf } from './album.js';
import type { CitizenSummaryRow, Hydration, PostRow } from './hydrate.js';
import { parseIdList } from './hydrate.js';
import { parseRenditions } from './renditions.js';

// Views are pure and synchronous: no I/O, so they are unit-tested without a database.

export const citizenSummaryView = (citizen: CitizenSummaryRow): CitizenSummary => ({
  id: citizen.id,
  username: citizen.username,
  displayName: citizen.display_name,
  profilePictureUri: citizen.profile_picture_uri,
  country: citizen.country,
});

// The same few timestamps are presented over and over (every read of a hot post); formatting a Date each time
// was 6% of a feed page's CPU. A bounded memo of a pure function: cleared whole when full.
const isoTimes = new Map<number, string>();
const MAX_ISO_TIMES = 50_000;

export function isoTime(epochMs: number): string {
  let iso = isoTimes.get(epochMs);
  if (iso === undefined) {
    iso = new Date(epochMs).toISOString();
    if (isoTimes.size >= MAX_ISO_TIMES) isoTimes.clear();
    isoTimes.set(epochMs, iso);
  }
  return iso;
}

/** The post's likes as its reader sees them. */
export const likesOf = (post: PostRow, hydration: Hydration): LikesOverviewDetails => ({
  likesCount: Math.max(0, post.likes_count),
  liked: hydration.likedByViewer.has(post.id),
});

/** The post's comments that no moderator hid (ADR 084), never shown below zero. */
export const commentsCountOf = (post: Pick<PostRow, 'comments_count'>): number => Math.max(0, post.comments_count);

/**
 * A moderator's decision on a post or a comment, as its author (the only one who still sees it) is told (ADR 070,
 * 084).
 */
export const moderationDecisionOf = (
  hidden: Pick<PostRow, 'hidden_at' | 'moderation_reason'>,
): ModerationDecisionView | null =>
  hidden.hidden_at === null
    ? null
    : {
        action: 'hidden',
        reason: (hidden.moderation_reason ?? 'other') as ReportReason,
        decidedAt: isoTime(hidden.hidden_at),
      };

export function postView(post: PostRow, hydration: Hydration): PostView {
  const author = hydration.citizens.get(post.author_id);
  if (!author) throw new Error(`post ${post.id} presented without its author`);
  const mentionIds = parseIdList(post.mention_ids);
  return {
    id: post.id,
    author: citizenSummaryView(author),
    caption: {
      content: post.caption,
      mentions: mentionIds.flatMap((id) => {
        const citizen = hydration.citizens.get(id);
        return citizen ? [{ id, username: citizen.username, displayName: citizen.display_name }] : [];
      }),
    },
    hashtags: parseIdList(post.hashtags),
    mediaType: post.media_type,
    media: {
      status: post.status,
      renditions: parseRenditions(post.renditions),
      placeholder: post.placeholder,
      imageUri: post.image_uri,
      coverImageUri: post.cover_image_uri,
      videoUri: post.video_uri,
      hlsUri: post.hls_uri,
      width: post.width,
      height: post.height,
      altText: post.alt_text,
    },
    moreMedia: moreMediaOf(post),
    externalLink: post.external_link,
    sharingOptions: post.sharing,
    mentionRequest: mentionIds,
    likesOverviewDetails: likesOf(post, hydration),
    commentsCount: commentsCountOf(post),
    createdAt: isoTime(post.created_at),
    createdAtTimestampInMilliseconds: post.created_at,
    updatedAt: isoTime(post.updated_at),
    moderationDecision: moderationDecisionOf(post),
  };
}
