import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_CLIENT_ID } from '../../src/domains/identity/clients.js';
import { hashPassword } from '../../src/domains/identity/passwords.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { insertPost } from '../../src/seed/posts.js';
import { analyticsMessage, openSocket } from '../support/analytics-socket-client.js';
import { freePort } from '../support/free-port.js';
import { jpegWithGps } from '../support/media-files.js';
import { testRedisUrl } from '../support/redis-queue.js';
import { type S3TestServer, startS3Server } from '../support/s3-server.js';
import { type ServerProcess, startServer, startWorker, type WorkerProcess } from '../support/server-process.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';
import { uploadBase } from '../support/upload-client.js';
import { makeVideo } from '../support/video-clip.js';
import { type Cast, halfWrites, readEdges } from '../support/world-state.js';
import { crashSeed, lostWrites, runWriteLoad, seededRandom } from '../support/write-load.js';
import { type ReverseProxy, startHaproxy } from './haproxy.js';

// The scale-out set-up as docs/operations.md describes it, in real processes: two API instances (each with its
// own DATA_DIR) and a media worker on one PostgreSQL, one Redis (rate limits, cache events, the BullMQ job
// queue) and one S3-compatible bucket (s3rver), behind haproxy. PostgreSQL only: several
// instances on one embedded SQLite file is not a supported set-up.

const PASSWORD = 'a long enough password for the test';
const CITIZENS = 24;
const seed = crashSeed();

let db: TempDatabase;
let s3: S3TestServer;
let proxy: ReverseProxy;
const instances: Record<'a' | 'b', ServerProcess | undefined> = { a: undefined, b: undefined };
const workers: WorkerProcess[] = [];
const dataDirs: string[] = [];
let cast: Cast;
let guestToken: string;
let proxyPort = 0;

const instance = (name: 'a' | 'b') => {
  const found = instances[name];
  if (!found) throw new Error(`instance ${name} is not running`);
  return found;
};

async function call(origin: string, path: string, init: RequestInit & { token?: string } = {}) {
  const { token, headers, ...rest } = init;
  const res = await fetch(`${origin}${path}`, {
    ...rest,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(rest.body && typeof rest.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

/** The BullMQ keys of this test's queue prefix (the machine's Redis is shared). */
async function dropQueueKeys() {
  const prefix = db?.env.JOB_QUEUE_PREFIX;
  if (!prefix) return;
  const redis = new Redis(testRedisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('two instances and a worker behind haproxy', () => {
  beforeAll(async () => {
    proxyPort = await freePort();
    const [statsPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    s3 = await startS3Server();
    db = await createTempDatabase({
      ...s3.env,
      REDIS_URL: testRedisUrl,
      JOB_QUEUE_PREFIX: `scale-${randomBytes(4).toString('hex')}`,
      // A killed worker's job is taken over once its lease (BullMQ's lock) runs out: short, for the test.
      MEDIA_JOB_LEASE_MS: '1500',
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      TRUST_PROXY: '127.0.0.1',
      REQUESTS_PER_5_MINUTES: '1000000',
      FOLLOWS_PER_HOUR: '1000000',
      FRIEND_REQUESTS_PER_HOUR: '1000000',
      POSTS_PER_30_MINUTES: '1000000',
      SHUTDOWN_DRAIN_DELAY_MS: '1500',
    });
    const ctx = await db.open();
    const passwordHash = await hashPassword(PASSWORD);
    const now = Date.now();
    const citizens: Cast['citizens'] = [];
    for (let index = 0; index < CITIZENS; index += 1) {
      const username = `scale_${index}`;
      const id = await insertCitizen(
        ctx.db,
        { username, email: `${username}@example.org`, displayName: `Scale ${index}`, country: 'GB', passwordHash },
        now,
      );
      citizens.push({ id, username, token: await ctx.tokens.issue({ kind: 'citizen', citizenId: id, username }, 900) });
    }
    const postIds: string[] = [];
    for (let index = 0; index < 16; index += 1) {
      const author = citizens[index % CITIZENS] as Cast['citizens'][number];
      postIds.push(await insertPost(ctx.db, { authorId: author.id, caption: `scale #calm ${index}` }, now + index));
    }
    cast = { citizens, postIds };
    // scale_23 moderates (ADR 070).
    await ctx.db
      .insertInto('citizen_roles')
      .values({
        citizen_id: (citizens[CITIZENS - 1] as Cast['citizens'][number]).id,
        role: 'moderator',
        granted_at: now,
      })
      .execute();
    guestToken = await ctx.tokens.issue({ kind: 'guest', guestId: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f72' }, 900);
    await closeContext(ctx);

    const own = (env: Record<string, string>): NodeJS.ProcessEnv => {
      const dataDir = mkdtempSync(join(tmpdir(), 'civitas-scale-'));
      dataDirs.push(dataDir);
      return { ...db.env, ...env, DATA_DIR: dataDir };
    };
    // One at a time: the first start migrates the schema and makes the shared keys, the second finds them.
    instances.a = await startServer(own({ MEDIA_WORKER: 'false' }), portA);
    instances.b = await startServer(own({ MEDIA_WORKER: 'false' }), portB);
    workers.push(await startWorker(own({})));
    proxy = await startHaproxy(proxyPort, statsPort, { a: `127.0.0.1:${portA}`, b: `127.0.0.1:${portB}` });
  }, 120_000);

  afterAll(async () => {
    for (const child of [instances.a, instances.b, ...workers]) child?.child.kill('SIGKILL');
    await proxy?.stop();
    await s3?.close();
    await dropQueueKeys();
    await db?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a session begun on A through B: sign-in interaction, code, tokens and refresh', async () => {
    const [a, b] = [instance('a').origin, instance('b').origin];
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirectUri = `${db.env.PUBLIC_URL}/api/auth/callback`;
    const authorize = await call(
      a,
      `/api/identity/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: WEB_CLIENT_ID,
        redirect_uri: redirectUri,
        state: 'scale-state',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`,
    );
    expect(authorize.status, authorize.text).toBe(302);
    const interaction = new URL(authorize.headers.get('location') ?? '', a).searchParams.get('interaction');
    // The interaction A sealed is opened by B, and the code B issues is redeemed at A.
    const signIn = await call(b, '/api/identity/v1/sign-in', {
      method: 'POST',
      body: JSON.stringify({ login: 'scale_0', password: PASSWORD, interaction }),
    });
    expect(signIn.status, signIn.text).toBe(200);
    const code = new URL(signIn.json().redirectUrl).searchParams.get('code') as string;
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const tokens = await call(
      a,
      '/api/identity/oauth/token',
      form({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: WEB_CLIENT_ID,
        code_verifier: verifier,
      }),
    );
    expect(tokens.status, tokens.text).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = tokens.json();
    for (const origin of [a, b, proxy.origin]) {
      const me = await call(origin, '/api/users/influencers/me', { token: accessToken });
      expect(me.status, me.text).toBe(200);
      expect(me.json().username).toBe('scale_0');
    }
    const refreshed = await call(
      b,
      '/api/identity/oauth/token',
      form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: WEB_CLIENT_ID }),
    );
    expect(refreshed.status, refreshed.text).toBe(200);
    expect((await call(a, '/api/users/influencers/me', { token: refreshed.json().access_token })).status).toBe(200);
    // A continuation token made by one instance pages on the other.
    const first = await call(b, '/api/content/v9/feed/eight-stage?country=GB&size=1', { token: accessToken });
    expect(first.status, first.text).toBe(200);
    const next = first.json().continuationToken as string | null;
    if (next) {
      const page = await call(a, `/api/content/v9/feed/eight-stage?country=GB&size=1&continuationToken=${next}`, {
        token: accessToken,
      });
      expect(page.status, page.text).toBe(200);
    }
  });

  it('shows likes, follows, friend requests and caption edits made through A on B at once', async () => {
    const [a, b] = [instance('a').origin, instance('b').origin];
    const [alice, bob] = [cast.citizens[1], cast.citizens[2]] as [Cast['citizens'][number], Cast['citizens'][number]];
    const postId = cast.postIds[1] as string; // by scale_1 (alice here)
    const view = async () => (await call(b, `/api/content/v1/creators-content/${postId}`, { token: bob.token })).json();

    expect(
      (
        await call(a, `/api/users/influencers/me/liked-creators-content/${postId}`, {
          method: 'POST',
          token: bob.token,
        })
      ).status,
    ).toBe(200);
    expect((await view()).likesOverviewDetails).toEqual({ likesCount: 1, liked: true });

    const edited = await call(a, `/api/users/creators-content/${postId}/caption`, {
      method: 'POST',
      token: alice.token,
      body: JSON.stringify({ caption: 'edited on A' }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await view()).caption.content).toBe('edited on A');

    expect(
      (await call(a, `/api/users/influencers/me/follow/${alice.id}`, { method: 'POST', token: bob.token })).status,
    ).toBe(200);
    const profile = async () => {
      const res = await call(b, `/api/users/influencers/profile/${alice.username}`, { token: bob.token });
      expect(res.status, res.text).toBe(200);
      return res.json();
    };
    expect(await profile()).toMatchObject({ amIFollowing: true, followersCount: 1 });

    const request = await call(a, `/api/users/influencers/me/friend-request/${alice.id}`, {
      method: 'POST',
      token: bob.token,
    });
    expect(request.status, request.text).toBe(201);
    expect((await profile()).friendRequestDetails).toMatchObject({ isOutFriendRequest: true, status: 'requested' });
  });

  it('hides on B at once a post a moderator hid through A, and shows it again once restored (ADR 070)', async () => {
    const [a, b] = [instance('a').origin, instance('b').origin];
    type Citizen = Cast['citizens'][number];
    const [author, reader, moderator] = [cast.citizens[5], cast.citizens[6], cast.citizens[CITIZENS - 1]] as [
      Citizen,
      Citizen,
      Citizen,
    ];
    const postId = cast.postIds[5] as string; // by scale_5
    const detail = async (token: string) => call(b, `/api/content/v1/creators-content/${postId}`, { token });
    expect((await detail(reader.token)).status).toBe(200);
    const report = await call(a, '/api/moderation/v1/reports', {
      method: 'POST',
      token: reader.token,
      body: JSON.stringify({ subject: { kind: 'post', id: postId }, reason: 'spam' }),
    });
    expect(report.status, report.text).toBe(201);
    const decide = (action: string) =>
      call(a, `/api/moderation/v1/reports/${report.json().id}/decision`, {
        method: 'POST',
        token: moderator.token,
        body: JSON.stringify({ action }),
      });
    expect((await decide('hide-post')).status).toBe(200);
    expect((await detail(reader.token)).status).toBe(404);
    const own = await detail(author.token);
    expect(own.status, own.text).toBe(200);
    expect(own.json().moderationDecision).toMatchObject({ action: 'hidden', reason: 'spam' });
    expect((await decide('restore-post')).status).toBe(200);
    expect((await detail(reader.token)).status).toBe(200);

    // A suspension's sign-out on the other instance: two-instances-in-process.test.ts (the write load below needs
    // every citizen of the cast signed in).
  });

  it('carries the analytics socket through the proxy', async () => {
    const client = await openSocket(proxyPort, {
      origin: String(db.env.PUBLIC_URL),
      cookie: `civitas_guest_token=${guestToken}`,
    });
    const page = { currentUrl: `${db.env.PUBLIC_URL}/` };
    const messages = ['session_user_visited', 'page_viewed'].map((name) => analyticsMessage(name, page));
    for (const message of messages) client.socket.send(JSON.stringify(message));
    const ids = messages.map((message) => message.data.metadata.eventId);
    expect(await client.framesUntil(2)).toEqual(ids.map((eventId) => ({ type: 'ack', eventId })));
    client.close();
    const check = await db.open();
    try {
      const rows = await check.db.selectFrom('analytics_events').select('id').where('id', 'in', ids).execute();
      expect(rows).toHaveLength(2);
    } finally {
      await closeContext(check);
    }
  });

  it('processes an image and a video uploaded through A to the bucket in the worker, also after a worker is killed mid-job', {
    timeout: 120_000,
  }, async () => {
    const [a, b] = [instance('a').origin, instance('b').origin];
    const author = cast.citizens[3] as Cast['citizens'][number];
    const json = (body: unknown) => ({ method: 'POST', token: author.token, body: JSON.stringify(body) });

    /** Draft through the proxy, initiate on A, parts straight to the bucket, complete on B. */
    const publish = async (mediaType: 'image' | 'video', bytes: Buffer, contentType: string) => {
      const draft = await call(
        proxy.origin,
        '/api/users/v7/creators-content',
        json({ mediaType, sharingOptions: 'public', caption: `a ${mediaType}`, altText: `A ${mediaType}` }),
      );
      expect(draft.status, draft.text).toBe(201);
      const postId = draft.json().id as string;
      const kind = `${mediaType}-upload`;
      const started = await call(
        a,
        `${uploadBase(postId)}/${kind}/initiate`,
        json({ fileName: `file.${mediaType === 'image' ? 'jpg' : 'mp4'}`, fileSize: bytes.length, contentType }),
      );
      expect(started.status, started.text).toBe(201);
      const upload = started.json() as {
        uploadId: string;
        partSize: number;
        parts: { partNumber: number; url: string }[];
      };
      for (const part of upload.parts) {
        expect(part.url.startsWith(s3.endpoint)).toBe(true);
        const slice = bytes.subarray((part.partNumber - 1) * upload.partSize, part.partNumber * upload.partSize);
        const sent = await fetch(part.url, {
          method: 'PUT',
          body: slice,
          headers: { 'content-type': 'application/octet-stream' },
        });
        expect(sent.status, await sent.text()).toBe(200);
      }
      const completed = await call(b, `${uploadBase(postId)}/${kind}/complete`, json({ uploadId: upload.uploadId }));
      expect(completed.status, completed.text).toBe(202);
      return postId;
    };
    const status = async (postId: string) =>
      (await call(proxy.origin, `/api/users/creators-content/status/${postId}`, { token: author.token })).json();
    const settled = async (postId: string) => {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const now = await status(postId);
        if (now.status !== 'processing' || Date.now() > deadline) return now;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const served = async (uri: string | null) => {
      expect(uri?.startsWith(`${s3.endpoint}/`), String(uri)).toBe(true);
      const res = await fetch(uri as string);
      expect(res.status, uri as string).toBe(200);
      return res;
    };

    const image = await publish('image', await jpegWithGps(), 'image/jpeg');
    expect(await settled(image)).toMatchObject({ status: 'ready' });
    const imageView = (await call(a, `/api/content/v1/creators-content/${image}`, { token: author.token })).json();
    expect((await served(imageView.media.imageUri)).headers.get('content-type')).toBe('image/jpeg');

    const folder = mkdtempSync(join(tmpdir(), 'civitas-scale-video-'));
    dataDirs.push(folder);
    await makeVideo(join(folder, 'clip.mp4'), { seconds: 8, size: '640x360' });
    const video = await publish('video', readFileSync(join(folder, 'clip.mp4')), 'video/mp4');
    // The worker takes the job; it is killed while transcoding, and a second worker takes the job over.
    const check = await db.open();
    try {
      const job = async () =>
        check.db
          .selectFrom('media_jobs')
          .select(['status', 'attempts'])
          .where('post_id', '=', video)
          .executeTakeFirst();
      const deadline = Date.now() + 30_000;
      while ((await job())?.status !== 'running' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await job()).toMatchObject({ status: 'running', attempts: 1 });
      const first = workers[0] as WorkerProcess;
      expect(first.output()).toContain('the Redis (BullMQ) job queue');
      first.child.kill('SIGKILL');
      await first.exited;
      expect((await status(video)).status).toBe('processing');
      workers.push(await startWorker({ ...db.env, DATA_DIR: folder }));
      expect(await settled(video)).toMatchObject({ status: 'ready', failureCode: null });
      // The job is marked done just after its post is ready.
      await expect.poll(job, { timeout: 10_000 }).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      await closeContext(check);
    }
    const videoView = (await call(b, `/api/content/v1/creators-content/${video}`, { token: author.token })).json();
    await served(videoView.media.videoUri);
    const master = await (await served(videoView.media.hlsUri)).text();
    expect(master).toContain('#EXTM3U');
  });

  it('fails over when an instance is killed under load, and loses no acknowledged write', {
    timeout: 120_000,
  }, async () => {
    console.log(`multi-instance failover seed ${seed} (CRASH_SEED=${seed} replays it)`);
    const random = seededRandom(seed);
    const check = await db.open();
    try {
      const before = await readEdges(check.db, cast);
      const edges = structuredClone(before);
      const victim = instance('a');
      let acknowledgedAtKill: number | null = null;
      const killAfterMs = 400 + Math.floor(random() * 800);
      const timer = setTimeout(() => victim.child.kill('SIGKILL'), killAfterMs);
      const started = Date.now();
      const outcome = await runWriteLoad({
        origin: proxy.origin,
        cast,
        edges,
        writers: 8,
        random,
        round: 1,
        behindProxy: true,
        isKilled: (so) => {
          if (acknowledgedAtKill === null && victim.child.killed) acknowledgedAtKill = so.acknowledged;
          // Until B alone has acknowledged 150 writes after the kill (or 60 s, which fails below).
          return (
            (acknowledgedAtKill !== null && so.acknowledged >= acknowledgedAtKill + 150) ||
            Date.now() - started > 60_000
          );
        },
      });
      clearTimeout(timer);
      expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
      instances.a = undefined;
      expect(outcome.refused).toEqual([]);
      expect(acknowledgedAtKill).not.toBeNull();
      expect(outcome.acknowledged).toBeGreaterThanOrEqual((acknowledgedAtKill ?? 0) + 150);
      const after = await readEdges(check.db, cast);
      expect([...(await lostWrites(check.db, cast, before, after, outcome)), ...(await halfWrites(check.db))]).toEqual(
        [],
      );
      console.log(
        `failover: killed A after ${killAfterMs} ms; ${outcome.acknowledged} writes acknowledged (${outcome.acknowledged - (acknowledgedAtKill ?? 0)} after the kill), ${outcome.unanswered} cut off`,
      );
      // The proxy's checks (every 500 ms, down after two failures) take A out of rotation within about a second.
      const deadline = Date.now() + 10_000;
      let states = await proxy.backendStates();
      while (!states.a?.includes('DOWN') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        states = await proxy.backendStates();
      }
      expect(states).toMatchObject({ a: expect.stringMatching(/DOWN/), b: 'UP' });
    } finally {
      await closeContext(check);
    }
  });
});
