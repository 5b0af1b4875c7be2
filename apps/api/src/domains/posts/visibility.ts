import { type RawBuilder, sql } from 'kysely';
import type { PostRow } from './rows.js';

/**
 * Who may see a post: the one owner of the rule (ADR 062). Each rule is written here twice, side by side: as a
 * check over the facts a live read gives (the feeds' rules stage, a post's detail, its overview, the citizens'
 * shared stage page) and as SQL over a row of `posts` (writes that check in the statement that changes the row:
 * like and unlike). The facts themselves that depend on the viewer (whether viewer and author are friends) are
 * read by the SQL below too, so every path reads them alike. test/posts/visibility.test.ts holds both forms and
 * every read and write path to one table of expectations: a rule added here is a row added there.
 */

/** What the rules read of a post: its live row. */
export type PostFacts = Pick<PostRow, 'author_id' | 'status' | 'sharing' | 'deleted_at' | 'hidden_at'>;

/** What the rules read of the post's author and of the viewer; a hydration (posts/hydrate.ts) is one. */
export interface ViewerFacts {
  readonly viewerId: string | null;
  /** Authors whose citizen row exists. */
  readonly citizens: { has(authorId: string): boolean };
  /** Authors who are the viewer's friends. */
  readonly friendsOfViewer: { has(authorId: string): boolean };
  /** Authors a moderator has suspended (ADR 070). */
  readonly suspendedAuthors: { has(authorId: string): boolean };
  /** Authors who blocked the viewer or whom the viewer blocked (ADR 069). */
  readonly blockedWithViewer: { has(authorId: string): boolean };
  /** Authors the viewer muted (ADR 069). */
  readonly mutedByViewer: { has(authorId: string): boolean };
}

/**
 * A rule: its check, and the same check as a condition on a row of `posts` for the viewer the statement names
 * (a value, a column of one viewer per row, or null for nobody in particular).
 */
export interface PostRule {
  readonly name: string;
  readonly allows: (post: PostFacts, viewer: ViewerFacts) => boolean;
  readonly sql: (viewer: RawBuilder<unknown>) => RawBuilder<boolean>;
}

/** The viewer's friendship with the post's author: the author's id, or null. One probe of the friendships key. */
export const friendOfViewerSql = (viewer: RawBuilder<unknown>): RawBuilder<string | null> =>
  sql<string | null>`(select friend.friend_id from friendships as friend
   where friend.friend_id = posts.author_id and friend.citizen_id = ${viewer} limit 1)`;

/**
 * A block between the viewer and the post's author, either way (ADR 069): the author's id, or null. Two probes of
 * the blocks' key, one per direction. A null viewer matches nothing. Scalar subqueries with `limit 1`, as the
 * like's and the friendship's: PostgreSQL planned `exists` here as a hashed subplan, reading the whole blocks
 * table on every statement (1,000 blocks tripled its time on a stage page).
 */
export const blockedWithViewerSql = (viewer: RawBuilder<unknown>): RawBuilder<string | null> =>
  sql<string | null>`coalesce((select block.blocked_id from blocks as block
   where block.blocker_id = ${viewer} and block.blocked_id = posts.author_id limit 1),
   (select block.blocker_id from blocks as block
   where block.blocker_id = posts.author_id and block.blocked_id = ${viewer} limit 1))`;

/** The viewer's mute of the post's author (ADR 069): the author's id, or null. One probe of the mutes' key. */
export const mutedByViewerSql = (viewer: RawBuilder<unknown>): RawBuilder<string | null> =>
  sql<string | null>`(select mute.muted_id from mutes as mute
   where mute.muter_id = ${viewer} and mute.muted_id = posts.author_id limit 1)`;

export const notDeleted: PostRule = {
  name: 'not deleted',
  allows: (post) => post.deleted_at === null,
  sql: () => sql<boolean>`posts.deleted_at is null`,
};

export const authorExists: PostRule = {
  name: 'author exists',
  allows: (post, viewer) => viewer.citizens.has(post.author_id),
  sql: () => sql<boolean>`exists (select 1 from citizens as author where author.id = posts.author_id)`,
};

/**
 * A suspended citizen's posts are seen by nobody, as a removed account's would be, until the suspension is lifted
 * (ADR 070). The suspended citizen cannot sign in meanwhile, so no exception is made for the author.
 */
export const authorNotSuspended: PostRule = {
  name: 'author not suspended',
  allows: (post, viewer) => !viewer.suspendedAuthors.has(post.author_id),
  sql: () =>
    sql<boolean>`not exists (select 1 from citizens as suspended
   where suspended.id = posts.author_id and suspended.suspended_at is not null)`,
};

/** A post a moderator hid is seen by its author only, who is told why (ADR 070). */
export const notHiddenOrOwn: PostRule = {
  name: 'not hidden by a moderator, or the viewer is its author',
  allows: (post, viewer) => post.hidden_at === null || post.author_id === viewer.viewerId,
  sql: (viewer) => sql<boolean>`(posts.hidden_at is null or posts.author_id = ${viewer})`,
};

/** Posts still waiting for media or processing are shown to their author only. */
export const readyOrOwn: PostRule = {
  name: 'ready, or the viewer is its author',
  allows: (post, viewer) => post.status === 'ready' || post.author_id === viewer.viewerId,
  sql: (viewer) => sql<boolean>`(posts.status = 'ready' or posts.author_id = ${viewer})`,
};

/** Private (friends-only) posts: the author and the author's friends, nobody else. */
export const sharedWithViewer: PostRule = {
  name: 'public, or the viewer is its author or a friend of its author',
  allows: (post, viewer) =>
    post.sharing === 'public' || post.author_id === viewer.viewerId || viewer.friendsOfViewer.has(post.author_id),
  sql: (viewer) =>
    sql<boolean>`(posts.sharing = 'public' or posts.author_id = ${viewer} or ${friendOfViewerSql(viewer)} is not null)`,
};

/** While a block stands, in either direction, neither sees the other's posts (ADR 069). */
export const notBlocked: PostRule = {
  name: 'no block between the viewer and its author',
  allows: (post, viewer) => !viewer.blockedWithViewer.has(post.author_id),
  sql: (viewer) => sql<boolean>`${blockedWithViewerSql(viewer)} is null`,
};

/**
 * The muter's feeds and lists leave out the muted citizen's posts (ADR 069); a post opened directly and the
 * profile feeds still show them, so this rule is in `listedRules` only.
 */
export const notMuted: PostRule = {
  name: 'its author is not muted by the viewer',
  allows: (post, viewer) => !viewer.mutedByViewer.has(post.author_id),
  sql: (viewer) => sql<boolean>`${mutedByViewerSql(viewer)} is null`,
};

/** Public reads (the stage, shared profiles and posts, loved posts, hashtags): what anyone may see. */
export const publicOnly: PostRule = {
  name: 'public',
  allows: (post) => post.sharing === 'public',
  sql: () => sql<boolean>`posts.sharing = 'public'`,
};

/** The rules every read of a post applies, and every write to one checks. */
export const standardRules: readonly PostRule[] = [
  notDeleted,
  authorExists,
  authorNotSuspended,
  readyOrOwn,
  sharedWithViewer,
  notHiddenOrOwn,
  notBlocked,
];

/** The rules of reads that show public posts only, whoever asks. */
export const publicRules: readonly PostRule[] = [...standardRules, publicOnly];

/** The rules of the lists of everyone's posts a viewer scrolls (the stage, a hashtag, loved posts): mutes apply. */
export const listedRules: readonly PostRule[] = [...publicRules, notMuted];

/**
 * The rules of the following feed (ADR 081): whatever the viewer may see of the people they chose to read, less those
 * they muted since (ADR 069).
 */
export const followingRules: readonly PostRule[] = [...standardRules, notMuted];

export function passesAll(rules: readonly PostRule[], post: PostFacts, viewer: ViewerFacts): boolean {
  for (const rule of rules) if (!rule.allows(post, viewer)) return false;
  return true;
}

/** The rules as one condition on a row of `posts`, for a viewer the statement names. */
export const allowedBy = (rules: readonly PostRule[], viewer: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`(${sql.join(
    rules.map((rule) => rule.sql(viewer)),
    sql` and `,
  )})`;

/** standardRules in SQL for one viewer given as a value: a citizen's like or unlike checks it as it writes. */
export const visibleToViewer = (viewerId: string): RawBuilder<boolean> => allowedBy(standardRules, sql.val(viewerId));

/** standardRules in SQL for a viewer the statement names: a value, or a column (one viewer per row). */
export const visibleTo = (viewer: RawBuilder<unknown>): RawBuilder<boolean> => allowedBy(standardRules, viewer);

/** No condition: seeding and tests that like on a citizen's behalf without asking whether they may. */
export const anyPost: RawBuilder<boolean> = sql<boolean>`true`;

/**
 * Nobody in particular, as a viewer: no citizen, nobody's friend. Whether the author's row exists, and whether the
 * author is suspended, is left to the reads, which hydrate it (the rules stage), and to writes, which write as the
 * author: taken as given here. A suspension takes its author's posts off the hashtag counts itself (ADR 070).
 */
const nobodyInParticular: ViewerFacts = {
  viewerId: null,
  citizens: { has: () => true },
  friendsOfViewer: { has: () => false },
  suspendedAuthors: { has: () => false },
  blockedWithViewer: { has: () => false },
  mutedByViewer: { has: () => false },
};

/**
 * The facts of a read taken for one viewer, as nobody in particular would have them: what belongs to the author (whether
 * their row exists, a suspension) is kept, what belongs to the viewer (who they are, friendships, blocks, mutes) is
 * dropped. The media route (domains/media/post-files-access.ts, ADR 075) asks with it whether a post's files may be
 * answered alike to everyone, from the one live read it made for the reader.
 */
export const asNobodyInParticular = (facts: ViewerFacts): ViewerFacts => ({
  viewerId: null,
  citizens: facts.citizens,
  friendsOfViewer: nobodyInParticular.friendsOfViewer,
  suspendedAuthors: facts.suspendedAuthors,
  blockedWithViewer: nobodyInParticular.blockedWithViewer,
  mutedByViewer: nobodyInParticular.mutedByViewer,
});

/**
 * Whether every reader may see a post: publicRules for nobody in particular (its author's row taken as given).
 * The counts of what everyone sees (a hashtag's, posts/hashtag-links.ts) count with this, so they follow the
 * rules; `seenByEveryone` below is the same condition as SQL, held to this by test/posts/visibility.test.ts.
 */
export const isSeenByEveryone = (post: PostFacts): boolean => passesAll(publicRules, post, nobodyInParticular);

/**
 * What every reader may see, as the feeds' skeletons narrow their indexes with it (public, ready, not deleted),
 * on a table of posts under any name: `isSeenByEveryone` in SQL, written out so that the planners match it to
 * the indexes (the rules' own SQL names `posts` and asks friendships of a viewer there is none of). It keeps most
 * posts that the rules would drop from reaching them; the rules stay the judge.
 */
export const seenByEveryone = (posts: string): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${posts}.deleted_at`)} is null and ${sql.ref(`${posts}.status`)} = ${'ready'} and ${sql.ref(
    `${posts}.sharing`,
  )} = ${'public'} and ${sql.ref(`${posts}.hidden_at`)} is null)`;
