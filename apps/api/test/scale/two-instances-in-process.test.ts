import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderate } from '../../src/cli/commands/moderation.js';
import { stageCommand } from '../../src/cli/commands/stage.js';
import type { AppContext } from '../../src/context.js';
import { createContext } from '../../src/create-context.js';
import { stagePost } from '../../src/domains/feeds/stage-membership.js';
import { rotateSigningKeys } from '../../src/http/auth/rotation.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { insertPost } from '../../src/seed/posts.js';
import { openStream } from '../support/event-stream.js';
import { feeds } from '../support/feeds.js';
import { type Instance, startInstance } from '../support/instances.js';
import { testRedisUrl } from '../support/redis-queue.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';

// Two instances of the server on one database and one Redis, in this process: a write through A shows on B's
// next read even while B's caches would keep the old answer for a minute (ADR 024). The multi-process test
// behind a proxy (multi-instance.test.ts) covers the same through real processes.

let db: TempDatabase;
let a: Instance;
let b: Instance;
let cli: AppContext;
let guestToken: string;
const people: Record<'author' | 'reader' | 'fan1' | 'fan2' | 'fan3', { id: string; token: string }> = {} as never;

/** An instance with its own DATA_DIR on the shared database, listening to the other's announcements. */
async function startListening(): Promise<Instance> {
  const instance = await startInstance(db);
  await instance.ctx.cacheBus.ready;
  return instance;
}

beforeAll(async () => {
  db = await createTempDatabase({
    REDIS_URL: testRedisUrl,
    // Long enough that only an announcement, not expiry, can explain a fresh answer within the test.
    GUEST_PAGE_CACHE_MS: '60000',
    STAGE_SKELETON_CACHE_MS: '60000',
    REQUESTS_PER_5_MINUTES: '1000000',
    SEED_DEMO: 'false',
    MEDIA_WORKER: 'false',
  });
  a = await startListening();
  b = await startListening();
  cli = await createContext(db.config);
  guestToken = await a.ctx.tokens.issue({ kind: 'guest', guestId: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f71' }, 900);
  const now = Date.now();
  for (const name of Object.keys({ author: 0, reader: 0, fan1: 0, fan2: 0, fan3: 0 }) as (keyof typeof people)[]) {
    const username = `${name}_${now.toString(36)}`;
    const id = await insertCitizen(a.ctx.db, { username, displayName: name, country: 'IS' }, now);
    people[name] = { id, token: await a.ctx.tokens.issue({ kind: 'citizen', citizenId: id, username }, 900) };
  }
});
afterAll(async () => {
  for (const instance of [a, b]) await instance?.close();
  if (cli) await closeContext(cli);
  await db?.drop();
});

/** The Authorization header of one of this file's citizens. */
const bearerOf = (who: keyof typeof people) => ({ authorization: `Bearer ${people[who].token}` });
const stageIds = async (instance: Instance, who?: keyof typeof people) => {
  const res = await instance.app.inject({
    method: 'GET',
    url: feeds.stage({ country: 'IS', timestamp: Date.now() }),
    headers: who ? bearerOf(who) : { authorization: `Bearer ${guestToken}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: string }[] }).data.map((post) => post.id);
};

/** Pub/sub is asynchronous: the announcement reaches B a few milliseconds after A answered. */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two instances on one database and one Redis', () => {
  it('accept each other’s tokens', async () => {
    const res = await b.app.inject({ method: 'GET', url: '/api/users/influencers/me', headers: bearerOf('reader') });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('show on B a post that likes through A have just put on the stage, though B had the page cached', async () => {
    const older = await insertPost(a.ctx.db, { authorId: people.author.id, caption: 'older' }, Date.now() - 5000);
    await stagePost(a.ctx.db, older, ['IS'], 'curated', Date.now() - 4000);
    const rising = await insertPost(a.ctx.db, { authorId: people.author.id, caption: 'rising' }, Date.now() - 3000);
    expect(await stageIds(b, 'reader')).toEqual([older]);
    expect(await stageIds(b)).toEqual([older]);

    for (const fan of ['fan1', 'fan2', 'fan3'] as const) {
      const like = await a.app.inject({
        method: 'POST',
        url: `/api/users/influencers/me/liked-creators-content/${rising}`,
        headers: bearerOf(fan),
      });
      expect(like.statusCode, like.body).toBe(200);
    }
    expect(
      await eventually(
        () => stageIds(b, 'reader'),
        (ids) => ids.length === 2,
      ),
    ).toEqual([rising, older]);
    expect(
      await eventually(
        () => stageIds(b),
        (ids) => ids.length === 2,
      ),
    ).toEqual([rising, older]);
  });

  it('show on B a staging made by the CLI, and a like, a caption edit and a deletion made through A', async () => {
    const post = await insertPost(a.ctx.db, { authorId: people.author.id, caption: 'curated' }, Date.now() - 2000);
    const before = await stageIds(b, 'reader');
    expect(before).not.toContain(post);
    await stageCommand(cli, post);
    expect(
      await eventually(
        () => stageIds(b, 'reader'),
        (ids) => ids.includes(post),
      ),
    ).toContain(post);

    const view = async () => {
      const res = await b.app.inject({
        method: 'GET',
        url: `/api/content/v1/creators-content/${post}`,
        headers: bearerOf('reader'),
      });
      return res;
    };
    const liked = await a.app.inject({
      method: 'POST',
      url: `/api/users/influencers/me/liked-creators-content/${post}`,
      headers: bearerOf('reader'),
    });
    expect(liked.statusCode, liked.body).toBe(200);
    expect((await view()).json().likesOverviewDetails).toEqual({ likesCount: 1, liked: true });

    const edited = await a.app.inject({
      method: 'POST',
      url: `/api/users/creators-content/${post}/caption`,
      headers: bearerOf('author'),
      payload: { caption: 'edited through A' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await view()).json().caption.content).toBe('edited through A');

    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/users/creators-content/${post}`,
      headers: bearerOf('author'),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await view()).statusCode).toBe(404);
    expect(await stageIds(b, 'reader')).not.toContain(post);
  });

  it('hide on B, on its next read, what a block and a mute made through A hide, though B had the page cached', async () => {
    const onStage = await stageIds(b, 'reader');
    expect(onStage.length).toBeGreaterThan(0);
    const [first] = onStage;
    const read = async (who: 'fan1' | 'fan2', url: string) =>
      (await b.app.inject({ method: 'GET', url, headers: bearerOf(who) })).statusCode;
    const detail = `/api/content/v1/creators-content/${first}`;
    const profile = `/api/social/v2/citizens/${people.author.id}/social-overview`;
    for (const fan of ['fan1', 'fan2'] as const) {
      expect(await stageIds(b, fan)).toEqual(onStage);
      expect(await read(fan, detail)).toBe(200);
    }
    const act = async (url: string, who: 'author' | 'fan1') => {
      const res = await a.app.inject({ method: 'POST', url, headers: bearerOf(who) });
      expect(res.statusCode, res.body).toBe(200);
    };
    // ADR 069: blocks and mutes are read live on every read, so no announcement is needed, and none is waited for.
    await act(`/api/users/influencers/me/block/${people.fan2.id}`, 'author');
    await act(`/api/users/influencers/me/mute/${people.author.id}`, 'fan1');
    expect(await stageIds(b, 'fan2')).toEqual([]);
    expect(await read('fan2', detail)).toBe(404);
    expect(await read('fan2', profile)).toBe(404);
    expect(await stageIds(b, 'fan1')).toEqual([]);
    expect(await read('fan1', detail)).toBe(200);
    expect(await stageIds(b, 'reader')).toEqual(onStage);
  });

  it('drop on B, at its next read, a post hidden and an author suspended at the CLI, cached pages too (ADR 070)', async () => {
    const post = await insertPost(a.ctx.db, { authorId: people.author.id, caption: 'to hide' }, Date.now() - 1000);
    await stagePost(a.ctx.db, post, ['IS'], 'curated', Date.now());
    await cli.cacheBus.announce('stage-changed');
    expect(
      await eventually(
        () => stageIds(b),
        (ids) => ids.includes(post),
      ),
    ).toContain(post);
    expect(await stageIds(b, 'reader')).toContain(post);
    await moderate(cli, { action: 'hide-post', post });
    expect(await stageIds(b, 'reader')).not.toContain(post);
    expect(
      await eventually(
        () => stageIds(b),
        (ids) => !ids.includes(post),
      ),
    ).not.toContain(post);
    await moderate(cli, { action: 'restore-post', post });
    expect(await stageIds(b, 'reader')).toContain(post);

    const me = async () =>
      (await b.app.inject({ method: 'GET', url: '/api/users/influencers/me', headers: bearerOf('author') })).statusCode;
    expect(await me()).toBe(200);
    await moderate(cli, { action: 'suspend', post });
    expect(await stageIds(b, 'reader')).not.toContain(post);
    expect(
      await eventually(
        () => me(),
        (status) => status === 401,
      ),
    ).toBe(401);
    expect(
      await eventually(
        () => stageIds(b),
        (ids) => !ids.includes(post),
      ),
    ).not.toContain(post);
  });

  it('sign with a key rotated elsewhere as soon as the rotation is announced', async () => {
    const before = (await b.ctx.keys.signing.signingKey()).kid;
    const rotation = await rotateSigningKeys(cli.db, Date.now(), 60 * 60_000);
    await cli.cacheBus.announce('keys-changed');
    const after = await eventually(
      async () => (await b.ctx.keys.signing.signingKey()).kid,
      (kid) => kid !== before,
    );
    expect(after).toBe(rotation.added.kid);
  });

  it('refuse on B, at once, the tokens of an account signed out everywhere through A', async () => {
    const me = async (instance: Instance) =>
      (await instance.app.inject({ method: 'GET', url: '/api/users/influencers/me', headers: bearerOf('fan3') }))
        .statusCode;
    // B has verified the token, and keeps it verified until it expires, but for a sign-out.
    expect(await me(b)).toBe(200);
    // What a password reset through A does (its own test: identity/accounts.test.ts), after this token's second.
    await a.ctx.db
      .updateTable('citizens')
      .set({ signed_out_at: Date.now() + 2000 })
      .where('id', '=', people.fan3.id)
      .execute();
    await a.ctx.cacheBus.announce('sign-outs-changed');
    expect(await me(a)).toBe(401);
    expect(
      await eventually(
        () => me(b),
        (status) => status === 401,
      ),
    ).toBe(401);
  });

  it('deliver to a stream open on B a follow made through A, within a moment (ADR 078)', async () => {
    await b.ctx.bell.ready;
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const now = Date.now();
    const [followed, follower] = await Promise.all(
      ['followed', 'follower'].map(async (name) => {
        const username = `${name}_${now.toString(36)}`;
        const id = await insertCitizen(a.ctx.db, { username, displayName: name, country: 'IS' }, now);
        return { id, token: await a.ctx.tokens.issue({ kind: 'citizen', citizenId: id, username }, 900) };
      }),
    );
    const port = (b.app.server.address() as AddressInfo).port;
    const stream = await openStream(`http://127.0.0.1:${port}/api/notifications/v1/stream`, {
      authorization: `Bearer ${followed?.token}`,
    });
    try {
      await stream.next((event) => event.event === 'unread');
      const res = await a.app.inject({
        method: 'POST',
        url: `/api/users/influencers/me/follow/${followed?.id}`,
        headers: { authorization: `Bearer ${follower?.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const told = await stream.next((event) => event.event === 'notification');
      expect(told.data).toMatchObject({ kind: 'follow', actors: [{ id: follower?.id }] });
      await stream.next((event) => event.event === 'unread' && (event.data as { count: number }).count === 1);
    } finally {
      stream.close();
    }
  });
});
