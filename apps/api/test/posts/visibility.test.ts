import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../src/cli/commands/moderation.js';
import { stagePost } from '../../src/domains/feeds/stage-membership.js';
import { recountHashtags } from '../../src/domains/hashtags/recount-hashtags.js';
import { addLike } from '../../src/domains/likes/like-store.js';
import { hashtagKey } from '../../src/domains/posts/caption.js';
import { hydratePosts } from '../../src/domains/posts/hydrate.js';
import {
  allowedBy,
  isSeenByEveryone,
  listedRules,
  passesAll,
  seenByEveryone,
  standardRules,
  visibleTo,
} from '../../src/domains/posts/visibility.js';
import { guest, machine, type TestApp, type Who } from '../support/harness.js';
import { type LaneApp, laneApp } from '../support/lane-app.js';

/**
 * Who may see a post, held to one table (domains/posts/visibility.ts owns the rule): each rule both ways (its
 * check over a hydrated post, and its SQL over the row), and every path that reads or writes a post, against
 * the same expectations. A rule added means a viewer or a kind of post added here, in one row.
 */

/**
 * `blocked`: a citizen the author blocked; `blocker`: a citizen who blocked the author (ADR 069). `muter` muted the
 * author: they see what a stranger sees, except in the lists of everyone's posts (LISTED_FOR).
 */
type Viewer = 'guest' | 'author' | 'friend' | 'follower' | 'stranger' | 'blocked' | 'blocker' | 'muter';
const viewers: readonly Viewer[] = ['guest', 'author', 'friend', 'follower', 'stranger', 'blocked', 'blocker', 'muter'];
const citizens = viewers.filter((viewer): viewer is Exclude<Viewer, 'guest'> => viewer !== 'guest');

interface Kind {
  sharing: 'public' | 'private';
  status: 'ready' | 'processing';
  deleted: boolean;
  /** Hidden by a moderator's decision on a report (ADR 070). */
  hidden?: boolean;
  /** Written by another citizen, whom a moderator then suspends (ADR 070). */
  bySuspended?: boolean;
}

/** THE TABLE: for each kind of post, who may see it. */
const SEEN_BY: readonly [Kind, readonly Viewer[]][] = [
  [
    { sharing: 'public', status: 'ready', deleted: false },
    ['guest', 'author', 'friend', 'follower', 'stranger', 'muter'],
  ],
  [{ sharing: 'public', status: 'processing', deleted: false }, ['author']],
  [{ sharing: 'private', status: 'ready', deleted: false }, ['author', 'friend']],
  [{ sharing: 'private', status: 'processing', deleted: false }, ['author']],
  [{ sharing: 'public', status: 'ready', deleted: true }, []],
  [{ sharing: 'public', status: 'processing', deleted: true }, []],
  [{ sharing: 'private', status: 'ready', deleted: true }, []],
  [{ sharing: 'private', status: 'processing', deleted: true }, []],
  [{ sharing: 'public', status: 'ready', deleted: false, hidden: true }, ['author']],
  [{ sharing: 'private', status: 'ready', deleted: false, hidden: true }, ['author']],
  [{ sharing: 'public', status: 'ready', deleted: false, bySuspended: true }, []],
  [{ sharing: 'private', status: 'ready', deleted: false, bySuspended: true }, []],
];

interface Post extends Kind {
  id: string;
  seenBy: readonly Viewer[];
}

/** What a path lists at most, whoever reads it: reads of public posts list those everyone may see. */
const everyonesPosts = (post: Post) => post.seenBy.includes('guest');
const anyPost = () => true;

/**
 * The lists of everyone's posts a viewer scrolls (the stage, a hashtag, loved posts: `listedRules`) leave out the
 * authors the viewer muted; everything else shows them (ADR 069).
 */
const LISTED_FOR: Record<Viewer, boolean> = {
  guest: true,
  author: true,
  friend: true,
  follower: true,
  stranger: true,
  blocked: true,
  blocker: true,
  muter: false,
};

const TAG = 'visibilitytable';
const COUNTRY = 'IS';

let lane: LaneApp;
let t: TestApp;
let posts: Post[];
const ids: Record<Viewer, string | null> = {
  guest: null,
  author: '',
  friend: '',
  follower: '',
  stranger: '',
  blocked: '',
  blocker: '',
  muter: '',
};
const usernames: Partial<Record<Viewer, string>> = {};
let lover: string;
const tokens: Partial<Record<Viewer, string>> = {};

/** Who reads, as the harness names them; the guest as the harness's guest. */
const as = (viewer: Viewer) =>
  viewer === 'guest' ? guest : { id: ids[viewer] as string, username: usernames[viewer] as string };

const expected = (viewer: Viewer, among: (post: Post) => boolean) =>
  posts
    .filter((post) => among(post) && post.seenBy.includes(viewer))
    .map((post) => post.id)
    .sort();

/** What a list of everyone's posts shows the viewer. */
const expectedListed = (viewer: Viewer) => (LISTED_FOR[viewer] ? expected(viewer, everyonesPosts) : []);

/** A profile (and social overview) the viewer may see: not while a block stands between them and the author. */
const seesProfile = (viewer: Viewer) => viewer !== 'blocked' && viewer !== 'blocker';

beforeAll(async () => {
  // Page caches on, so that the stage is answered from the page citizens share and before routing too.
  lane = await laneApp({ seed: false });
  t = lane.t;
  for (const viewer of citizens) {
    const citizen = await t.newCitizen({ country: COUNTRY });
    ids[viewer] = citizen.id;
    usernames[viewer] = citizen.username;
  }
  lover = (await t.newCitizen({ country: COUNTRY })).id;
  const suspended = await t.newCitizen({ country: COUNTRY });
  const moderator = await t.newCitizen({ country: COUNTRY });
  await grantRole(t.ctx, moderator.username, 'moderator');
  const author = ids.author as string;
  const request = await t.request({
    method: 'POST',
    url: `/api/users/influencers/me/friend-request/${author}`,
    as: as('friend'),
  });
  expect(request.statusCode, request.body).toBe(201);
  const approved = await t.request({
    method: 'POST',
    url: `/api/users/influencers/me/approve-friend-request/${request.json().friendRequestId}`,
    as: as('author'),
  });
  expect(approved.statusCode, approved.body).toBeLessThan(300);
  const followed = await t.request({
    method: 'POST',
    url: `/api/users/influencers/me/follow/${author}`,
    as: as('follower'),
  });
  expect(followed.statusCode, followed.body).toBeLessThan(300);
  // The following feed's streams (ADR 081): the muter follows the author before muting them, the follower follows the
  // citizen a moderator suspends too, so that only the rules keep their posts out.
  for (const [who, followee] of [
    ['muter', author],
    ['follower', suspended.id],
  ] as const) {
    const res = await t.request({ method: 'POST', url: `/api/users/influencers/me/follow/${followee}`, as: as(who) });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  for (const [who, url] of [
    ['author', `/api/users/influencers/me/block/${ids.blocked}`],
    ['blocker', `/api/users/influencers/me/block/${author}`],
    ['muter', `/api/users/influencers/me/mute/${author}`],
  ] as const) {
    const res = await t.request({ method: 'POST', url, as: as(who) });
    expect(res.statusCode, res.body).toBe(200);
  }

  posts = [];
  for (const [i, [kind, seenBy]] of SEEN_BY.entries()) {
    const authorId = kind.bySuspended ? suspended.id : author;
    const id = await t.newPost({ authorId, sharing: kind.sharing, status: kind.status, caption: `#${TAG}` });
    // Every post is on the stage, loved and tagged: only the rules keep it from a reader.
    await stagePost(t.ctx.db, id, [COUNTRY], 'curated', Date.now() - 10_000 + i);
    await addLike(t.ctx.db, id, lover, Date.now(), 1_000_000);
    if (kind.deleted) {
      // Deleted as its author deletes it, so every count takes it off; then put back on the stage and under the
      // tag, as a stale entry would leave it.
      const deleted = await t.request({ method: 'DELETE', url: `/api/users/creators-content/${id}`, as: as('author') });
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      await stagePost(t.ctx.db, id, [COUNTRY], 'curated', Date.now() - 10_000 + i);
      await t.ctx.db
        .insertInto('post_hashtags')
        .values({ post_id: id, name_key: hashtagKey(TAG) })
        .execute();
    }
    if (kind.hidden) await decideOnReport(as('friend'), { kind: 'post', id }, 'hide-post', moderator);
    posts.push({ ...kind, id, seenBy });
  }
  // Suspended once every post of theirs is written, through a report of the citizen, as a moderator does.
  await decideOnReport(as('stranger'), { kind: 'citizen', id: suspended.id }, 'suspend', moderator);
});

/** A report by `reporter`, then a moderator's decision on it, through the routes (ADR 070). */
async function decideOnReport(
  reporter: Who,
  subject: { kind: 'post' | 'citizen'; id: string },
  action: 'hide-post' | 'suspend',
  moderator: Who,
) {
  const report = await t.request({
    method: 'POST',
    url: '/api/moderation/v1/reports',
    as: reporter,
    payload: { subject, reason: 'spam' },
  });
  expect(report.statusCode, report.body).toBe(201);
  const decided = await t.request({
    method: 'POST',
    url: `/api/moderation/v1/reports/${report.json().id}/decision`,
    as: moderator,
    payload: { action },
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

afterAll(async () => {
  await t?.close();
});

/** A GET over HTTP, where the express lane answers what it can before routing; whether the routes answered. */
async function overHttp(url: string, viewer: Viewer): Promise<{ status: number; body: string; routed: boolean }> {
  // One token per reader: the lane answers only tokens this process has verified before.
  tokens[viewer] ??= await t.tokenFor(as(viewer));
  const before = lane.routed();
  const answer = await lane.get(url, { authorization: `Bearer ${tokens[viewer]}` });
  return { status: answer.status, body: answer.body.toString(), routed: lane.routed() > before };
}

const listed = (body: string): string[] => {
  const page = JSON.parse(body) as { data?: { id: string }[]; posts?: { id: string }[] };
  return (page.data ?? page.posts ?? []).map((post) => post.id).sort();
};

const mine = (list: readonly string[]) => list.filter((id) => posts.some((post) => post.id === id));

async function getAs(viewer: Viewer | 'machine', url: string) {
  return t.request({ method: 'GET', url, as: viewer === 'machine' ? machine('content', 'social') : as(viewer) });
}

describe('each rule both ways', () => {
  it('the checks over hydrated posts admit exactly the table', async () => {
    for (const viewer of viewers) {
      const hydration = await hydratePosts(
        t.ctx,
        posts.map((post) => post.id),
        ids[viewer],
      );
      const admitted = posts
        .filter((post) => {
          const row = hydration.posts.get(post.id);
          return row !== undefined && passesAll(standardRules, row, hydration);
        })
        .map((post) => post.id)
        .sort();
      expect(admitted, viewer).toEqual(expected(viewer, anyPost));
    }
  });

  it("the lists' rules (mutes) both ways admit exactly the table's lists", async () => {
    // The rules alone, without the skeletons' narrowing to what everyone sees: the author's own public drafts too.
    const admitted = (viewer: Viewer) =>
      LISTED_FOR[viewer] ? expected(viewer, (post) => post.sharing === 'public') : [];
    for (const viewer of viewers) {
      const hydration = await hydratePosts(
        t.ctx,
        posts.map((post) => post.id),
        ids[viewer],
      );
      const checked = posts
        .filter((post) => {
          const row = hydration.posts.get(post.id);
          return row !== undefined && passesAll(listedRules, row, hydration);
        })
        .map((post) => post.id)
        .sort();
      expect(checked, viewer).toEqual(admitted(viewer));
      const rows = await t.ctx.db
        .selectFrom('posts')
        .select('posts.id')
        .where(
          'posts.id',
          'in',
          posts.map((post) => post.id),
        )
        .where(allowedBy(listedRules, sql.val(ids[viewer])))
        .execute();
      expect(rows.map((row) => row.id).sort(), viewer).toEqual(admitted(viewer));
    }
  });

  it('the SQL admits exactly the table', async () => {
    for (const viewer of viewers) {
      const rows = await t.ctx.db
        .selectFrom('posts')
        .select('posts.id')
        .where(
          'posts.id',
          'in',
          posts.map((post) => post.id),
        )
        .where(visibleTo(sql.val(ids[viewer])))
        .execute();
      expect(rows.map((row) => row.id).sort(), viewer).toEqual(expected(viewer, anyPost));
    }
  });
});

describe('what everyone sees, both ways', () => {
  it("seenByEveryone's check and its SQL admit exactly what a guest sees", async () => {
    // Both take the author as given (their row, and that they are not suspended: a suspension takes its
    // author's posts off the counts itself, ADR 070), so they are held to the posts of an author in good standing.
    const byAuthor = posts.filter((post) => !post.bySuspended).map((post) => post.id);
    const guestSees = expected('guest', (post) => !post.bySuspended);
    const rows = await t.ctx.db.selectFrom('posts').selectAll().where('posts.id', 'in', byAuthor).execute();
    const checked = rows.filter(isSeenByEveryone).map((row) => row.id);
    expect(checked.sort()).toEqual(guestSees);
    const selected = await t.ctx.db
      .selectFrom('posts')
      .select('posts.id')
      .where('posts.id', 'in', byAuthor)
      .where(seenByEveryone('posts'))
      .execute();
    expect(selected.map((row) => row.id).sort()).toEqual(guestSees);
  });
});

describe('every count', () => {
  const seen = (viewer: Viewer) => expected(viewer, anyPost).length;

  it("the author's post count, on their profile and social overview: what each viewer sees of theirs", async () => {
    for (const viewer of citizens) {
      const profile = await getAs(viewer, `/api/users/influencers/profile/${usernames.author}`);
      if (!seesProfile(viewer)) {
        // As for a citizen who does not exist (ADR 069).
        expect(profile.statusCode, `${viewer}'s profile of the author`).toBe(404);
        const overview = await getAs(viewer, `/api/social/v2/citizens/${ids.author}/social-overview`);
        expect(overview.statusCode, `${viewer}'s social overview of the author`).toBe(404);
        continue;
      }
      expect(profile.statusCode, profile.body).toBe(200);
      expect(profile.json().postsCount, `${viewer}'s profile of the author`).toBe(seen(viewer));
      const overview = await getAs(viewer, `/api/social/v2/citizens/${ids.author}/social-overview`);
      expect(overview.statusCode, overview.body).toBe(200);
      expect(overview.json().postsCount, `${viewer}'s social overview of the author`).toBe(seen(viewer));
    }
    const shared = await t.request({
      method: 'GET',
      url: `/api/users/v1/sharing/influencers/profile/${usernames.author}`,
      as: machine('users'),
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().postsCount, 'the shared profile').toBe(seen('guest'));
  });

  it("a hashtag's count: the posts everyone sees, as its writes counted them and as a recount finds them", async () => {
    const listedTags = async () => {
      const res = await getAs('stranger', `/api/users/hashtags?search=${TAG}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { name: string; postsCount: number }[] }).data;
    };
    expect(await listedTags()).toEqual([{ name: TAG, postsCount: seen('guest') }]);
    expect(await recountHashtags(t.ctx.db), 'tags the recount corrected').toBe(0);
    expect(await listedTags()).toEqual([{ name: TAG, postsCount: seen('guest') }]);
  });
});

describe('every read path', () => {
  const stage = `/api/content/v9/feed/eight-stage?country=${COUNTRY}&size=50`;

  it('the stage, through the routes, then before routing (the lane), for guests and each citizen', async () => {
    for (const viewer of viewers) {
      const first = await overHttp(stage, viewer);
      expect(first.status, first.body).toBe(200);
      expect(mine(listed(first.body)), viewer).toEqual(expectedListed(viewer));
      const second = await overHttp(stage, viewer);
      expect(second.status).toBe(200);
      // A reader for whom the rules drop a post of the shared page (a block, a mute) gets a page of their own,
      // from the routes; every other reader's is answered before routing.
      const sharesThePage = expectedListed(viewer).join() === expectedListed('guest').join();
      expect(second.routed, `${viewer}'s second page is answered before routing`).toBe(!sharesThePage);
      expect(mine(listed(second.body)), viewer).toEqual(expectedListed(viewer));
    }
  });

  it('the stage as the web server reads it (machine), as nobody in particular', async () => {
    const res = await getAs('machine', `/api/content/v1/sharing/feed/eight-stage?country=${COUNTRY}&size=50`);
    expect(res.statusCode, res.body).toBe(200);
    expect(mine(listed(res.body))).toEqual(expected('guest', everyonesPosts));
  });

  it('a post and its overview, through the routes and (for citizens) before routing', async () => {
    for (const viewer of viewers) {
      for (const post of posts) {
        const seen = post.seenBy.includes(viewer);
        if (viewer !== 'guest') {
          const detail = await getAs(viewer, `/api/content/v1/creators-content/${post.id}`);
          expect(detail.statusCode, `${viewer} ${JSON.stringify(post)}`).toBe(seen ? 200 : 404);
          const lane = await overHttp(`/api/content/v1/creators-content/${post.id}`, viewer);
          expect(lane.status, `${viewer} ${JSON.stringify(post)} over HTTP`).toBe(seen ? 200 : 404);
          // The lane answers what the reader may see; what they may not, it leaves to the routes' 404.
          expect(lane.routed, `${viewer} ${JSON.stringify(post)} reached the routes`).toBe(!seen);
        }
        const overview = await getAs(viewer, `/api/social/feeds/${post.id}/overview`);
        expect(overview.statusCode, `${viewer} overview ${JSON.stringify(post)}`).toBe(seen ? 200 : 404);
      }
      const many = await getAs(
        viewer,
        `/api/social/v1/creators-content/social-overview?${posts.map((post) => `contentId=${post.id}`).join('&')}`,
      );
      expect(many.statusCode, many.body).toBe(200);
      const overviews = (many.json() as { data: { contentId: string }[] }).data.map((o) => o.contentId).sort();
      expect(overviews, viewer).toEqual(expected(viewer, anyPost));
    }
  });

  it("a post's files through the media route: everyone's alike when a guest sees the post, else the reader's (ADR 075)", async () => {
    // A processed file in each post's folder, deleted posts' too, so that only the check keeps one from a reader.
    const file = (post: Post) => `posts/${post.id}/0123456789ab/image-320.webp`;
    for (const post of posts) await t.ctx.media.files.put(file(post), Buffer.from('RIFF'));
    for (const viewer of viewers) {
      for (const post of posts) {
        const everyone = post.seenBy.includes('guest');
        // What everyone may see is answered alike to everyone, so a shared cache may keep it: the blocked and the
        // blocker read a public post's files as a guest would. Anything else follows the table for this reader.
        const seen = everyone || post.seenBy.includes(viewer);
        const res = await getAs(viewer, `/media/${file(post)}`);
        const why = `${viewer} ${JSON.stringify(post)}`;
        expect(res.statusCode, why).toBe(seen ? 200 : 404);
        if (seen) {
          expect(res.headers['cache-control'], why).toBe(
            everyone ? 'public, max-age=31536000, immutable' : 'private, max-age=600',
          );
        }
      }
    }
  });

  it('a post and its overview as shared with the web server (machine): as a guest sees them', async () => {
    for (const post of posts) {
      const seen = post.seenBy.includes('guest');
      const detail = await getAs('machine', `/api/content/v1/sharing/creators-content/${post.id}`);
      expect(detail.statusCode, JSON.stringify(post)).toBe(seen ? 200 : 404);
      const overview = await getAs('machine', `/api/social/v1/sharing/${post.id}/overview`);
      expect(overview.statusCode, JSON.stringify(post)).toBe(seen ? 200 : 404);
    }
  });

  it("the author's profile feeds: public for everyone, private for the author and friends, the author's own", async () => {
    const shared = await getAs('machine', `/api/content/v1/sharing/feed/${usernames.author}/public?size=50`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(listed(shared.body)).toEqual(expected('guest', everyonesPosts));
    for (const viewer of citizens) {
      const res = await getAs(viewer, `/api/content/v1/feed/${ids.author}/private?size=50`);
      const privatePosts = (post: Post) => post.sharing === 'private';
      if (viewer === 'author' || viewer === 'friend') {
        expect(res.statusCode, res.body).toBe(200);
        expect(listed(res.body), viewer).toEqual(expected(viewer, privatePosts));
      } else if (!seesProfile(viewer)) {
        // While a block stands the author does not exist for the viewer, nor their feeds (ADR 069).
        expect(res.statusCode, res.body).toBe(404);
      } else {
        // Someone else's friends-only feed is refused as a whole, before any post is read.
        expect(res.statusCode, res.body).toBe(403);
      }
    }
    for (const sharing of ['public', 'private'] as const) {
      const own = await getAs('author', `/api/content/v2/feed/profile/${sharing}?size=50`);
      expect(own.statusCode, own.body).toBe(200);
      expect(listed(own.body), sharing).toEqual(expected('author', (post) => post.sharing === sharing));
    }
  });

  it('the hashtag feed, for guests and each citizen', async () => {
    for (const viewer of viewers) {
      const res = await getAs(viewer, `/api/content/v1/feed/hashtags/${TAG}?size=50`);
      expect(res.statusCode, res.body).toBe(200);
      expect(listed(res.body), viewer).toEqual(expectedListed(viewer));
    }
  });

  it("a creator's loved posts, for each citizen and shared with the web server", async () => {
    for (const viewer of citizens) {
      const res = await getAs(viewer, `/api/content/v1/feed/loved-public-posts/${lover}?size=50`);
      expect(res.statusCode, res.body).toBe(200);
      expect(listed(res.body), viewer).toEqual(expectedListed(viewer));
    }
    const shared = await getAs('machine', `/api/content/v1/sharing/loved-public-posts/${lover}?size=50`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(listed(shared.body)).toEqual(expected('guest', everyonesPosts));
  });
});

/**
 * Whose posts a citizen's following feed reads (ADR 081), before the rules judge them: the author's own, the friend's
 * friends-only posts, the public posts of those who follow (the follower follows the author and the suspended one,
 * the muter the author).
 */
const inFollowingStreams = (viewer: Viewer, post: Post) => {
  if (post.bySuspended) return viewer === 'follower' && post.sharing === 'public';
  if (viewer === 'author') return true;
  if (viewer === 'friend') return post.sharing === 'private';
  return (viewer === 'follower' || viewer === 'muter') && post.sharing === 'public';
};

describe('the following feed', () => {
  it('shows each citizen what the rules let them see of the streams they read, less those they muted', async () => {
    for (const viewer of citizens) {
      const res = await getAs(viewer, '/api/content/v1/feed/following?size=50');
      expect(res.statusCode, res.body).toBe(200);
      const shown = LISTED_FOR[viewer] ? expected(viewer, (post) => inFollowingStreams(viewer, post)) : [];
      expect(listed(res.body), viewer).toEqual(shown);
    }
  });
});

describe('every write path', () => {
  it('like and unlike: what a citizen may see, and nothing else', async () => {
    for (const viewer of citizens) {
      for (const post of posts) {
        const seen = post.seenBy.includes(viewer);
        const like = await t.request({
          method: 'POST',
          url: `/api/users/influencers/me/liked-creators-content/${post.id}`,
          as: as(viewer),
        });
        expect(like.statusCode, `${viewer} likes ${JSON.stringify(post)}`).toBe(seen ? 200 : 404);
        const unlike = await t.request({
          method: 'POST',
          url: `/api/users/influencers/me/un-liked-creators-content/${post.id}`,
          as: as(viewer),
        });
        expect(unlike.statusCode, `${viewer} unlikes ${JSON.stringify(post)}`).toBe(seen ? 200 : 404);
      }
    }
    const likes = await t.ctx.db
      .selectFrom('likes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('citizen_id', '!=', lover)
      .executeTakeFirstOrThrow();
    expect(Number(likes.n)).toBe(0);
  });
});
