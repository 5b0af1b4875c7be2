import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import { writeComment } from '../domains/comments/write-comment.js';
import { stagePost } from '../domains/feeds/stage-membership.js';
import { addFollow } from '../domains/follows/follow-store.js';
import { acceptFriendRequest, createFriendRequest } from '../domains/friends/friend-store.js';
import { hashPassword } from '../domains/identity/passwords.js';
import { addLike } from '../domains/likes/like-store.js';
import { reachOf } from '../domains/media/process-post-media.js';
import { moreMediaColumn } from '../domains/posts/album.js';
import { extractMentionedUsernames } from '../domains/posts/caption.js';
import { contentTag } from '../media/media-store.js';
import { postMediaFolder } from '../media/paths.js';
import { type Artwork, avatarSvg, renderJpeg, sceneSvg } from './artwork.js';
import { insertCitizen } from './citizens.js';
import { publishDemoAlbum } from './demo-album.js';
import { type DemoName, demoNames } from './demo-names.js';
import { aspectHeights, type DemoComment, type DemoPost, demoLooks, demoPosts } from './demo-posts.js';
import { seedDemoVideo } from './demo-video.js';
import { insertPost } from './posts.js';
import { publishPicture } from './publish-picture.js';

export { type DemoName, demoNames } from './demo-names.js';

export interface DemoWorld {
  citizens: Record<DemoName, { id: string; username: string }>;
}

interface DemoPerson {
  displayName: string;
  country: string;
  language: string;
  bio: string;
}

export const demoPeople: Record<DemoName, DemoPerson> = {
  alice: { displayName: 'Alice Archer', country: 'GB', language: 'en', bio: 'Landscapes and long walks.' },
  bob: { displayName: 'Bob Baker', country: 'GB', language: 'en', bio: 'Bread, bikes and Brighton.' },
  carol: { displayName: 'Carol Krause', country: 'DE', language: 'de', bio: 'Street photography in Berlin.' },
  dave: { displayName: 'Dave Dubois', country: 'FR', language: 'fr', bio: 'Cuisine et voyages.' },
  erin: { displayName: 'Erin Estrada', country: 'ES', language: 'es', bio: 'Música y montañas.' },
  frank: { displayName: 'Frank Ferrari', country: 'IT', language: 'it', bio: 'Architettura e caffè.' },
  grace: { displayName: 'Grace Gupta', country: 'IN', language: 'hi', bio: 'Colours of Jaipur.' },
  heidi: { displayName: 'Heidi Hughes', country: 'GB', language: 'en', bio: 'New here.' },
};

/**
 * The demo social graph. Tests rely on it exactly as written here; a test that needs a clean slate makes its
 * own citizens instead of changing these.
 */
export const demoFriendships: readonly [DemoName, DemoName][] = [
  ['alice', 'bob'],
  ['bob', 'carol'],
  ['carol', 'dave'],
];
export const demoFollows: readonly [DemoName, DemoName][] = [
  ['alice', 'bob'],
  ['alice', 'carol'],
  ['bob', 'alice'],
  ['carol', 'alice'],
  ['dave', 'alice'],
  ['dave', 'bob'],
  ['erin', 'alice'],
  ['frank', 'carol'],
  ['grace', 'alice'],
  ['heidi', 'bob'],
];
/** Pending friend requests, from → to. */
export const demoFriendRequests: readonly [DemoName, DemoName][] = [
  ['dave', 'alice'],
  ['erin', 'bob'],
];

/** The named demo world shared by tests, the dev server and E2E: citizens and their social graph. */
export async function seedDemo(ctx: AppContext): Promise<DemoWorld> {
  const now = ctx.now();
  const citizens = {} as DemoWorld['citizens'];
  for (const [index, name] of demoNames.entries()) {
    const person = demoPeople[name];
    const id = await insertCitizen(
      ctx.db,
      {
        username: name,
        ...person,
        email: `${name}@example.com`,
        createdAt: now - (demoNames.length - index) * 86_400_000,
      },
      now,
    );
    citizens[name] = { id, username: name };
  }
  const id = (name: DemoName) => citizens[name].id;
  for (const [a, b] of demoFriendships) {
    await acceptFriendRequest(ctx.db, await createFriendRequest(ctx.db, id(a), id(b), now), now);
  }
  for (const [follower, followee] of demoFollows) await addFollow(ctx.db, id(follower), id(followee), now);
  for (const [from, to] of demoFriendRequests) await createFriendRequest(ctx.db, id(from), id(to), now);
  return { citizens };
}

export interface DemoContentSummary {
  posts: number;
  likes: number;
  comments: number;
  /** Curated stage entries (the automatic rule may add more as likes arrive). */
  curated: number;
  files: number;
  /** Video posts queued for processing (0 without ffmpeg). */
  videos: number;
}

const HOUR = 3_600_000;

/**
 * Demo content on top of the demo world: a profile picture and a cover for every demo citizen, and posts with
 * real images (hashtags, mentions, links, public and friends-only), curated onto the main stages, liked by
 * each other through the like store so every counter is right. Opt-in (tests call only `seedDemo`). Images
 * are stored with the media storage (DATA_DIR/media, served at /media/, or the bucket).
 */
export async function seedDemoContent(ctx: AppContext, world: DemoWorld): Promise<DemoContentSummary> {
  const now = ctx.now();
  const idOf = (name: DemoName) => world.citizens[name].id;
  // Through the media storage, so the pictures are in the bucket when media lives there (ADR 021).
  const save = (path: string, art: Artwork) => ctx.media.files.put(`${path}-${contentTag(art.bytes)}.jpg`, art.bytes);

  // Rendering is the slow part and runs on sharp's own threads, so all pictures are drawn at once.
  const [looks, pictures] = await Promise.all([
    Promise.all(
      demoNames.map(async (name) => {
        const { palette, cover } = demoLooks[name];
        const spec = { scene: cover, palette, width: 1500, height: 500, seed: `${name}-cover` };
        return Promise.all([renderJpeg(avatarSvg(palette)), renderJpeg(sceneSvg(spec))]);
      }),
    ),
    Promise.all(
      demoPosts.map((post, index) =>
        renderJpeg(
          sceneSvg({
            scene: post.scene,
            palette: post.palette,
            width: 1080,
            height: aspectHeights[post.aspect],
            seed: `demo-post-${index}`,
          }),
        ),
      ),
    ),
  ]);

  for (const [index, name] of demoNames.entries()) {
    const [avatar, cover] = looks[index] as [Artwork, Artwork];
    await ctx.db
      .updateTable('citizens')
      .set({
        profile_picture_uri: await save(`demo/${name}/avatar`, avatar),
        cover_picture_uri: await save(`demo/${name}/cover`, cover),
        updated_at: now,
      })
      .where('id', '=', idOf(name))
      .execute();
  }

  const joined = new Map(
    (
      await ctx.db.selectFrom('citizens').select(['id', 'created_at']).where('id', 'in', demoNames.map(idOf)).execute()
    ).map((row) => [row.id, row.created_at]),
  );
  const summary: DemoContentSummary = {
    posts: 0,
    likes: 0,
    comments: 0,
    curated: 0,
    files: demoNames.length * 2,
    videos: 0,
  };
  const posted: { postId: string; art: Artwork; sharing: 'public' | 'private'; post: DemoPost; index: number }[] = [];
  for (const [index, post] of demoPosts.entries()) {
    const authorId = idOf(post.author);
    // An author's posts are spread evenly between joining and now, oldest first.
    const own = demoPosts.filter((other) => other.author === post.author);
    const since = joined.get(authorId) ?? now - 24 * HOUR;
    const at = Math.round(since + ((now - since) * (own.indexOf(post) + 0.5)) / own.length);
    const mentions = extractMentionedUsernames(post.caption).filter((name): name is DemoName =>
      (demoNames as readonly string[]).includes(name),
    );
    const postId = await insertPost(
      ctx.db,
      {
        authorId,
        caption: post.caption,
        mentionIds: mentions.map(idOf),
        sharing: post.sharing ?? 'public',
        altText: post.altText,
        externalLink: post.externalLink ?? null,
        createdAt: at,
      },
      now,
    );
    summary.posts += 1;
    posted.push({ postId, art: pictures[index] as Artwork, sharing: post.sharing ?? 'public', post, index });
    if (post.stage && (post.sharing ?? 'public') === 'public') {
      await stagePost(ctx.db, postId, post.stage, 'curated', Math.min(now, at + HOUR));
      summary.curated += post.stage.length;
    }
    summary.comments += await seedDemoComments(ctx, postId, post.comments ?? [], at, idOf);
    const likers = post.likedBy ?? [];
    for (const [order, liker] of likers.entries()) {
      const likedAt = Math.round(at + ((now - at) * (order + 1)) / (likers.length + 1));
      await addLike(ctx.db, postId, idOf(liker), likedAt, ctx.config.STAGE_AUTO_LIKES);
      summary.likes += 1;
    }
  }
  // Each post's picture goes where an upload's would (posts/<id>/<run>/, for whom its sharing says: ADR 075), so the
  // demo's friends-only pictures are read only by the author's friends. Processing runs on sharp's threads, together.
  const published = await Promise.all(
    posted.map(async ({ postId, art, sharing, post, index }) => {
      const folder = postMediaFolder(postId, randomBytes(6).toString('hex'));
      const [picture, moreMedia] = await Promise.all([
        publishPicture(ctx, folder, art.bytes, reachOf(sharing)),
        publishDemoAlbum(ctx, post, `demo-post-${index}`, folder, reachOf(sharing)),
      ]);
      await ctx.db
        .updateTable('posts')
        .set({
          image_uri: picture.jpegUri,
          renditions: JSON.stringify(picture.renditions),
          placeholder: picture.placeholder,
          width: picture.width,
          height: picture.height,
          more_media: moreMediaColumn(moreMedia),
          updated_at: now,
        })
        .where('id', '=', postId)
        .execute();
      ctx.caches.posts.forget(postId);
      summary.files += moreMedia.reduce((files, item) => files + item.media.renditions.length + 1, 0);
      return picture;
    }),
  );
  for (const picture of published) summary.files += picture.renditions.length + 1;
  summary.videos = (await seedDemoVideo(ctx, idOf('grace'), now)) ? 1 : 0;
  await setDemoPasswords(ctx, world);
  return summary;
}

/**
 * A demo post's comments, through the one writer of comments (its count kept as a citizen's would be), spread
 * over the hour after the post; the number written.
 */
async function seedDemoComments(
  ctx: AppContext,
  postId: string,
  comments: readonly DemoComment[],
  postedAt: number,
  idOf: (name: DemoName) => string,
): Promise<number> {
  const mentionsOf = (text: string) =>
    extractMentionedUsernames(text)
      .filter((name): name is DemoName => (demoNames as readonly string[]).includes(name))
      .map(idOf);
  let at = postedAt;
  let written = 0;
  const write = (by: DemoName, text: string, parentId: string | null) => {
    at = Math.min(ctx.now(), at + 7 * 60_000);
    written += 1;
    return writeComment(ctx.db, { postId, authorId: idOf(by), text, mentionIds: mentionsOf(text), parentId, at });
  };
  for (const comment of comments) {
    const thread = await write(comment.by, comment.text, null);
    for (const reply of comment.replies ?? []) await write(reply.by, reply.text, thread.id);
  }
  return written;
}

/**
 * Outside production the demo citizens can sign in with DEMO_PASSWORD (each with its own salt). Part of the
 * demo content rather than `seedDemo`, so the tests' demo world stays free of slow password hashing.
 */
export async function setDemoPasswords(ctx: AppContext, world: DemoWorld): Promise<boolean> {
  if (ctx.config.NODE_ENV === 'production' || ctx.config.APP_ENV === 'prod') return false;
  const now = ctx.now();
  for (const name of demoNames) {
    await ctx.db
      .updateTable('citizens')
      .set({ password_hash: await hashPassword(ctx.config.DEMO_PASSWORD), updated_at: now })
      .where('id', '=', world.citizens[name].id)
      .execute();
  }
  return true;
}

/** First start on an empty database: the demo world and its content. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<void> {
  const any = await ctx.db.selectFrom('citizens').select('id').limit(1).executeTakeFirst();
  if (!any) await seedDemoContent(ctx, await seedDemo(ctx));
}
