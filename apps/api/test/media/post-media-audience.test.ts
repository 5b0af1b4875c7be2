import type { PostView } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/domains/moderation/decisions.js';
import { CHECKED_FILE_CACHE_CONTROL } from '../../src/media/serve-media.js';
import { provideAppWithMediaWorker } from '../support/app-with-worker.js';
import { befriend } from '../support/feeds.js';
import { type Citizen, guest, machine, type TestApp } from '../support/harness.js';
import { jpegWithGps, solidImage } from '../support/media-files.js';
import { createDraft, settledStatus, uploadWhole } from '../support/upload-client.js';

/**
 * A post's files follow the post's audience (ADR 075): a friends-only post's files are read by whoever may see the
 * post, with a short private cache, and are a 404 to everyone else; a public post's keep their year-long public
 * cache. Real uploads processed by sharp, read through the real server with bearer tokens and session cookies.
 */

let t: TestApp;
provideAppWithMediaWorker((app) => {
  t = app;
});

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

/** A post published through the upload calls, as its author's browser does; its view as the author reads it. */
async function publish(author: Citizen, sharingOptions: 'public' | 'private'): Promise<PostView> {
  const draft = await createDraft(t, author, { sharingOptions });
  const { completed } = await uploadWhole(t, author, draft.id, 'image-upload', await jpegWithGps(640, 480));
  expect(completed.statusCode, completed.body).toBe(202);
  expect((await settledStatus(t, author, draft.id)).status).toBe('ready');
  const read = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${draft.id}`, as: author });
  expect(read.statusCode, read.body).toBe(200);
  return read.json();
}

/** Every file a post's view names: the JPEG and each WebP rendition. */
const filesOf = (post: PostView): string[] => [
  post.media.imageUri as string,
  ...post.media.renditions.map((rendition) => rendition.uri),
];

/** A GET of a media address as a citizen (bearer token), a caller, a raw token, or nobody (no token at all). */
const read = (url: string, as?: Parameters<TestApp['request']>[0]['as'], headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers, ...(as === undefined ? {} : { as }) });

/** The same, with the web session's citizen cookie instead of a bearer token (PUBLIC_URL is http: no prefix). */
const readWithCookie = async (url: string, citizen: Citizen) =>
  t.request({ method: 'GET', url, headers: { cookie: `civitas_citizen_token=${await t.tokenFor(citizen)}` } });

/** The answer of a file that is not there at `url`: what anyone refused must get, word for word. */
const missingFileBody = (url: string) => ({
  statusCode: 404,
  code: 'ROUTE_NOT_FOUND',
  error: 'Not Found',
  message: `No route GET ${url}`,
});

async function expectRefused(url: string, as?: Parameters<TestApp['request']>[0]['as'], why = '') {
  const res = await read(url, as);
  expect(res.statusCode, `${why} ${url}`).toBe(404);
  expect(res.json(), why).toEqual(missingFileBody(url));
  expect(res.headers['cache-control'], why).toBe('no-store');
}

async function expectPrivate(url: string, as: Parameters<TestApp['request']>[0]['as'], why = '') {
  const res = await read(url, as);
  expect(res.statusCode, `${why} ${url}`).toBe(200);
  expect(res.headers['cache-control'], why).toBe(CHECKED_FILE_CACHE_CONTROL);
  expect(res.headers['content-type'], why).toMatch(/^image\/(jpeg|webp)$/);
  expect(res.rawPayload.length, why).toBeGreaterThan(100);
}

describe("a friends-only post's files", () => {
  it('are read by the author and the friends, privately, and by nobody else', async () => {
    const author = await t.newCitizen();
    const friend = await t.newCitizen();
    const stranger = await t.newCitizen();
    const follower = await t.newCitizen();
    await befriend(t, author.id, friend.id);
    const followed = await t.request({
      method: 'POST',
      url: `/api/users/influencers/me/follow/${author.id}`,
      as: follower,
    });
    expect(followed.statusCode, followed.body).toBeLessThan(300);
    const post = await publish(author, 'private');
    const files = filesOf(post);
    expect(files.length).toBeGreaterThan(2);
    for (const url of files) {
      expect(url).toMatch(new RegExp(`^/media/posts/${post.id}/[0-9a-f]{12}/image-\\d+\\.(jpeg|webp)$`));
      await expectPrivate(url, author, 'the author');
      await expectPrivate(url, friend, 'a friend');
      const byCookie = await readWithCookie(url, friend);
      expect(byCookie.statusCode, 'a friend by the session cookie').toBe(200);
      expect(byCookie.headers['cache-control']).toBe(CHECKED_FILE_CACHE_CONTROL);
      await expectRefused(url, stranger, 'a stranger');
      await expectRefused(url, follower, 'a follower who is no friend');
      await expectRefused(url, guest, 'a guest');
      await expectRefused(url, machine('content', 'social'), 'an app token');
      await expectRefused(url, undefined, 'no token');
    }
    // HEAD and a range, as a player asks: the same check.
    const [first] = files as [string];
    expect((await t.request({ method: 'HEAD', url: first, as: friend })).statusCode).toBe(200);
    expect((await t.request({ method: 'HEAD', url: first, as: stranger })).statusCode).toBe(404);
    const ranged = await read(first, friend, { range: 'bytes=0-9' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(10);
    expect((await read(first, stranger, { range: 'bytes=0-9' })).statusCode).toBe(404);
  });

  it('are lost with the friendship, with a block either way, and with a session signed out everywhere', async () => {
    const author = await t.newCitizen();
    const [leaving, blocked, blocking, signedOut] = [
      await t.newCitizen(),
      await t.newCitizen(),
      await t.newCitizen(),
      await t.newCitizen(),
    ];
    for (const friend of [leaving, blocked, blocking, signedOut]) await befriend(t, author.id, friend.id);
    const [url] = filesOf(await publish(author, 'private')) as [string];
    for (const friend of [leaving, blocked, blocking, signedOut]) await expectPrivate(url, friend, 'before');
    const signedOutCookie = `civitas_citizen_token=${await t.tokenFor(signedOut)}`;
    expect((await read(url, undefined, { cookie: signedOutCookie })).statusCode).toBe(200);

    const call = async (path: string, as: Citizen) => {
      const res = await t.request({ method: 'POST', url: `/api/users/influencers/me/${path}`, as });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await call(`unfriend/${author.id}`, leaving);
    await call(`block/${blocked.id}`, author);
    await call(`block/${author.id}`, blocking);
    await expectRefused(url, leaving, 'just unfriended');
    await expectRefused(url, blocked, 'blocked by the author');
    await expectRefused(url, blocking, 'blocking the author');

    // Signed out everywhere (what a password reset and a suspension do, ADR 005, 070): the cookie the browser
    // still holds names a token every route refuses, and so does the media route.
    await t.ctx.db
      .updateTable('citizens')
      .set({ signed_out_at: Date.now() + 2000 })
      .where('id', '=', signedOut.id)
      .execute();
    await t.ctx.signOuts.reload();
    const refused = await read(url, undefined, { cookie: signedOutCookie });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(missingFileBody(url));
  });

  it('are gone for everyone, the author too, once the post is deleted', async () => {
    const author = await t.newCitizen();
    const [url] = filesOf(await publish(author, 'private')) as [string];
    await expectPrivate(url, author);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/users/creators-content/${url.split('/')[3]}`,
      as: author,
      headers: { 'x-api-version': '3.0' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expectRefused(url, author, 'the author, after deleting');
  });
});

describe("a public post's files", () => {
  it('are read by anyone with the year-long public cache, the same answer whoever asks', async () => {
    const author = await t.newCitizen();
    const stranger = await t.newCitizen();
    const blocked = await t.newCitizen();
    const post = await publish(author, 'public');
    const blockedNow = await t.request({
      method: 'POST',
      url: `/api/users/influencers/me/block/${blocked.id}`,
      as: author,
    });
    expect(blockedNow.statusCode).toBe(200);
    for (const url of filesOf(post)) {
      for (const [who, as] of [
        ['no token', undefined],
        ['a guest', guest],
        ['a stranger', stranger],
        ['the author', author],
        // The post is a 404 to them through the API; its files, answered alike to everyone so that shared caches
        // may keep them, are not (ADR 075).
        ['a blocked citizen', blocked],
      ] as const) {
        const res = await read(url, as);
        expect(res.statusCode, `${who} ${url}`).toBe(200);
        expect(res.headers['cache-control'], who).toBe(PUBLIC_CACHE);
      }
    }
  });

  it('once hidden by a moderator, are read by the author only, privately', async () => {
    const author = await t.newCitizen();
    const stranger = await t.newCitizen();
    const post = await publish(author, 'public');
    const [url] = filesOf(post) as [string];
    await decide(t.ctx, {
      action: 'hide-post',
      note: '',
      moderatorId: null,
      target: { subject: { kind: 'post', id: post.id }, reason: 'spam' },
    });
    await expectRefused(url, undefined, 'no token');
    await expectRefused(url, stranger, 'a stranger');
    await expectPrivate(url, author, 'the author of a hidden post');
    await decide(t.ctx, {
      action: 'restore-post',
      note: '',
      moderatorId: null,
      target: { subject: { kind: 'post', id: post.id }, reason: 'spam' },
    });
    expect((await read(url)).headers['cache-control']).toBe(PUBLIC_CACHE);
  });
});

describe('hostile requests for post files', () => {
  it('are 4xx, never a 500, and never let a friends-only file through', async () => {
    const author = await t.newCitizen();
    const stranger = await t.newCitizen();
    const post = await publish(author, 'private');
    const [url] = filesOf(post) as [string];
    const rest = url.slice(`/media/posts/${post.id}/`.length);
    const otherPost = await publish(author, 'public');
    const [publicUrl] = filesOf(otherPost) as [string];
    const publicRest = publicUrl.slice(`/media/posts/${otherPost.id}/`.length);

    const expired = await t.ctx.tokens.issue({ kind: 'citizen', citizenId: author.id, username: author.username }, 1);
    const [header, , signature] = (await t.tokenFor(author)).split('.');
    const forgedClaims = Buffer.from(
      JSON.stringify({ kind: 'citizen', sub: stranger.id, username: stranger.username }),
    ).toString('base64url');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    for (const [why, headers] of [
      ['an expired token of the author', { authorization: `Bearer ${expired}` }],
      ['a forged token', { authorization: `Bearer ${header}.${forgedClaims}.${signature}` }],
      ['not a token', { authorization: 'Bearer %%%' }],
      ['no bearer scheme', { authorization: 'Basic YWxpY2U6c2VjcmV0' }],
      ['a bearer with nothing', { authorization: 'Bearer ' }],
      ['a forged cookie', { cookie: 'civitas_citizen_token=forged.token.here' }],
      ['a huge token', { authorization: `Bearer ${'a'.repeat(20_000)}` }],
    ] as const) {
      const res = await read(url, undefined, headers);
      expect(res.statusCode, why).toBe(404);
      expect(res.json(), why).toEqual(missingFileBody(url));
      // A public file is everyone's, whatever the request carries.
      expect((await read(publicUrl, undefined, headers)).statusCode, why).toBe(200);
    }

    for (const path of [
      `/media/posts/${post.id.toUpperCase()}/${rest}`,
      `/media/posts/not-a-post/${rest}`,
      `/media/posts/${post.id.slice(0, -1)}/${rest}`,
      `/media/posts/${post.id}x/${rest}`,
      `/media/posts/%00/${rest}`,
      `/media/posts//${post.id}/${rest}`,
      `/media/posts/./${post.id}/${rest}`,
      `/media/posts/${otherPost.id}/../${post.id}/${rest}`,
      `/media/posts/${otherPost.id}/%2e%2e/${post.id}/${rest}`,
      `/media/posts/${otherPost.id}/..%2f${post.id}/${rest}`,
      `/media/posts/${otherPost.id}/${publicRest.split('/')[0]}/../../${post.id}/${rest}`,
      `/media//posts/${post.id}/${rest}`,
      `/media/./posts/${post.id}/${rest}`,
      `/media/%70osts/${post.id}/${rest}`,
      `/media/Posts/${post.id}/${rest}`,
      `/media/POSTS/${post.id}/${rest}`,
      `/media/x/../posts/${post.id}/${rest}`,
      `/media/posts%2f${post.id}/${rest}`,
      `/media/posts/${post.id}/${rest}.txt`,
      `/media/posts/${post.id}/`,
      `/media/posts/${post.id}`,
      '/media/posts/',
      `/media/posts/${post.id}/${'a'.repeat(10_000)}.webp`,
      `/media/posts/${'b'.repeat(100_000)}/x.webp`,
    ]) {
      for (const as of [undefined, stranger]) {
        const res = await read(path, as);
        expect(res.statusCode, path.slice(0, 200)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, path.slice(0, 200)).toBeLessThan(500);
      }
    }
    // The author's own request by another spelling is refused too: only the one address is served.
    for (const path of [
      `/media//posts/${post.id}/${rest}`,
      `/media/%70osts/${post.id}/${rest}`,
      `/media/posts/${post.id.toUpperCase()}/${rest}`,
    ]) {
      expect((await read(path, author)).statusCode, path).toBeGreaterThanOrEqual(400);
    }
    await expectPrivate(url, author);
  });

  it("leaves other media as they were: a profile picture is everyone's, with the public cache", async () => {
    const bytes = await solidImage(16, 16).jpeg().toBuffer();
    const uri = await t.ctx.media.files.put('profiles/someone/avatar-0123456789ab.jpg', bytes);
    expect(uri).toBe('/media/profiles/someone/avatar-0123456789ab.jpg');
    for (const as of [undefined, guest]) {
      const res = await read(uri, as);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    }
  });
});
