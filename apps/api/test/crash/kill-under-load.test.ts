import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCitizen } from '../../src/seed/citizens.js';
import { insertPost } from '../../src/seed/posts.js';
import { freePort } from '../support/free-port.js';
import { type ServerProcess, startServer } from '../support/server-process.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';
import { type Cast, halfWrites, readEdges } from '../support/world-state.js';
import { crashSeed, lostWrites, runWriteLoad, seededRandom } from '../support/write-load.js';

// Rounds of concurrent writes over HTTP to the real server process, SIGKILLed at a random moment, then restarted:
// every write it acknowledged is there, writes cut off are there whole or not at all, and every counter equals a
// recount of its rows (ADR 015). On SQLite (WAL, synchronous=NORMAL) and on PostgreSQL (TEST_DATABASE_URL).

const ROUNDS = 3;
const WRITERS = 8;
const CITIZENS = 16;
const POSTS = 24;
const seed = crashSeed();

let db: TempDatabase;
let cast: Cast;
let server: ServerProcess | undefined;

beforeAll(async () => {
  db = await createTempDatabase({
    REQUESTS_PER_5_MINUTES: '1000000',
    FOLLOWS_PER_HOUR: '1000000',
    FRIEND_REQUESTS_PER_HOUR: '1000000',
    POSTS_PER_30_MINUTES: '1000000',
  });
  const ctx = await db.open();
  const now = Date.now();
  const citizens: Cast['citizens'] = [];
  for (let index = 0; index < CITIZENS; index += 1) {
    const username = `crash_${index}`;
    const id = await insertCitizen(ctx.db, { username, displayName: `Crash ${index}`, country: 'GB' }, now);
    citizens.push({ id, username, token: await ctx.tokens.issue({ kind: 'citizen', citizenId: id, username }, 900) });
  }
  const postIds: string[] = [];
  for (let index = 0; index < POSTS; index += 1) {
    const author = citizens[index % CITIZENS] as Cast['citizens'][number];
    postIds.push(await insertPost(ctx.db, { authorId: author.id, caption: `seeded #calm ${index}` }, now + index));
  }
  cast = { citizens, postIds };
  await closeContext(ctx);
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await db.drop();
});

describe('kill -9 under write load', () => {
  it('loses no acknowledged write and leaves nothing half-written', { timeout: 180_000 }, async () => {
    console.log(`crash test seed ${seed} (CRASH_SEED=${seed} replays it)`);
    const random = seededRandom(seed);
    const port = await freePort();
    server = await startServer(db.env, port);
    for (let round = 1; round <= ROUNDS; round += 1) {
      // A fresh process answers its first writes slowly (lazy compilation, new connections): warmed up first,
      // the random window holds hundreds of writes rather than tens.
      const warmUp = await runWriteLoad({
        origin: server.origin,
        cast,
        edges: await readEdgesCopy(await readEdgesNow()),
        writers: WRITERS,
        random,
        round,
        isKilled: (so) => so.acknowledged >= 60,
      });
      expect(warmUp.refused).toEqual([]);
      const before = await readEdgesNow();

      const running = server;
      const killAfterMs = 300 + Math.floor(random() * 1200);
      let killed = false;
      const timer = setTimeout(() => {
        killed = true;
        running.child.kill('SIGKILL');
      }, killAfterMs);
      const edges = await readEdgesCopy(before);
      const outcome = await runWriteLoad({
        origin: running.origin,
        cast,
        edges,
        writers: WRITERS,
        random,
        round,
        isKilled: () => killed,
      });
      clearTimeout(timer);
      expect(await running.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(outcome.refused).toEqual([]);

      server = await startServer(db.env, port);
      const check = await db.open();
      try {
        const after = await readEdges(check.db, cast);
        const problems = [
          ...(await lostWrites(check.db, cast, before, after, outcome)),
          ...(await halfWrites(check.db)),
        ];
        console.log(
          `round ${round}: killed after ${killAfterMs} ms; ${outcome.acknowledged} writes acknowledged, ${outcome.unanswered} cut off`,
        );
        expect(problems).toEqual([]);
        expect(outcome.acknowledged).toBeGreaterThan(0);
      } finally {
        await closeContext(check);
      }
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

async function readEdgesNow() {
  const ctx = await db.open();
  try {
    return await readEdges(ctx.db, cast);
  } finally {
    await closeContext(ctx);
  }
}

/** A copy the load may change while `before` keeps the state the round started from. */
async function readEdgesCopy(edges: Awaited<ReturnType<typeof readEdges>>) {
  return {
    likes: new Set(edges.likes),
    follows: new Set(edges.follows),
    friends: new Map(edges.friends),
    requests: new Map(edges.requests),
    postsBy: new Map([...edges.postsBy].map(([author, ids]) => [author, new Set(ids)])),
  };
}
