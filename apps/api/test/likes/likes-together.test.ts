import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../support/answers.js';
import { observe, paths } from '../support/calls.js';
import { type Citizen, createTestApp, newCitizens, type TestApp } from '../support/harness.js';
import { statementsDuring } from '../support/statements.js';

// Likes and unlikes that arrive together are written together on PostgreSQL (domains/likes/like-batches.ts,
// ADR 035): each must still get its own answer, as if it had been written alone.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const citizens = (count: number) => newCitizens(t, count);

/**
 * A client for each citizen that has been seen before (its session is known): the requests of such clients,
 * sent at once, reach the write in one turn of the event loop.
 */
async function returning(who: readonly Citizen[], postId: string) {
  const tokens = new Map<string, string>();
  for (const citizen of who) {
    const token = await t.tokenFor(citizen);
    expectOk(await t.request({ method: 'GET', url: paths.postOverview(postId), as: token }));
    tokens.set(citizen.id, token);
  }
  return (url: string, citizen: Citizen) => t.request({ method: 'POST', url, as: tokens.get(citizen.id) });
}

/** The statements that wrote likes while `run` ran. */
async function likeWrites<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const { result, statements } = await statementsDuring(t.ctx.db, run);
  return {
    result,
    statements: statements.filter((text) => /insert into "?likes"?|delete from "?likes"?/i.test(text)).length,
  };
}

/** The likes count each answer gave, each checked to be a 200 saying `liked`. */
function countsAnswered(answers: readonly LightMyRequestResponse[], liked: boolean): number[] {
  return answers.map((res) => {
    const { likesOverviewDetails } = expectOk(res);
    expect(likesOverviewDetails.liked).toBe(liked);
    return likesOverviewDetails.likesCount as number;
  });
}

describe('likes that arrive together', () => {
  it('each get their own answer: counts, a duplicate, a post the liker may not see, the staging threshold', async () => {
    const author = await t.newCitizen({ country: 'IS' });
    const open = await t.newPost({ authorId: author.id });
    const friendsOnly = await t.newPost({ authorId: author.id, sharing: 'private' });
    const fans = await citizens(4);
    const as = await returning([...fans, author], open);
    expect(t.ctx.config.STAGE_AUTO_LIKES).toBe(3);

    const { result, statements } = await likeWrites(() =>
      Promise.all([
        ...fans.map((fan) => as(paths.like(open), fan)),
        as(paths.like(open), fans[0] as Citizen), // the same like twice
        as(paths.like(friendsOnly), fans[1] as Citizen), // not a friend of the author
      ]),
    );
    const hidden = result.pop();
    // Written one at a time (SQLite), each like sees the count after it; written together, after all of them.
    const counts = countsAnswered(result, true);
    expect(Math.max(...counts)).toBe(4);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    if (t.ctx.dialect === 'postgres') expect(new Set(counts)).toEqual(new Set([4]));
    expect(hidden?.statusCode).toBe(404);
    // (SQLite writes each in a transaction of its own, which the spy on the database handle does not see.)
    if (t.ctx.dialect === 'postgres') expect(statements).toBeLessThan(6);

    // Four likes in one statement carried the post past the threshold of three: it is on its author's stage.
    const staged = await t.ctx.db.selectFrom('stage_entries').selectAll().where('post_id', '=', open).execute();
    expect(staged.map((entry) => [entry.country, entry.source])).toEqual([['IS', 'auto']]);
    const likes = await t.ctx.db.selectFrom('likes').select('citizen_id').where('post_id', '=', open).execute();
    expect(likes.map((row) => row.citizen_id).sort()).toEqual(fans.map((fan) => fan.id).sort());
    expect(await t.ctx.db.selectFrom('likes').select('post_id').where('post_id', '=', friendsOnly).execute()).toEqual(
      [],
    );

    // Unlikes together, one of them of a post never liked: counts move once per like really removed.
    const unliked = await Promise.all([
      as(paths.unlike(open), fans[0] as Citizen),
      as(paths.unlike(open), fans[0] as Citizen),
      as(paths.unlike(open), fans[1] as Citizen),
      as(paths.unlike(open), author),
    ]);
    const countsAfter = countsAnswered(unliked, false);
    expect(Math.min(...countsAfter)).toBe(2);
    expect(Math.max(...countsAfter)).toBeLessThanOrEqual(4);
    if (t.ctx.dialect === 'postgres') expect(new Set(countsAfter)).toEqual(new Set([2]));
    expect((await observe(t).postOverview(author, open)).likesOverviewDetails.likesCount).toBe(2);
  });

  it("answers a like whose citizen is gone with 401, and the others' likes beside it as usual", async () => {
    const author = await t.newCitizen();
    const postId = await t.newPost({ authorId: author.id });
    const [fan, gone] = (await citizens(2)) as [Citizen, Citizen];
    const as = await returning([fan, gone], postId);
    // The token outlives its account: the like's row would name a citizen who no longer exists.
    await t.ctx.db.deleteFrom('citizens').where('id', '=', gone.id).execute();

    const [kept, refused] = await Promise.all([as(paths.like(postId), fan), as(paths.like(postId), gone)]);
    expect(expectOk(kept as never).likesOverviewDetails).toEqual({ likesCount: 1, liked: true });
    expect(refused?.statusCode).toBe(401);
    const likes = await t.ctx.db.selectFrom('likes').select('citizen_id').where('post_id', '=', postId).execute();
    expect(likes).toEqual([{ citizen_id: fan.id }]);
  });

  // A like that changed nothing (liked already) is answered with the post's count as it stands once the like
  // is written, which includes a like of the same citizen that raced it from another writer (another instance,
  // say) and committed while this one waited: not the count of the moment this statement began.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers a like or unlike that a racing writer made first with the count after that writer',
    async () => {
      const author = await t.newCitizen();
      const postId = await t.newPost({ authorId: author.id });
      const [fan, other] = (await citizens(2)) as [Citizen, Citizen];
      const as = await returning([fan, other], postId);
      expectOk(await as(paths.like(postId), other));

      const liked = await racedBy(
        sql`with added as (insert into likes (post_id, citizen_id, created_at) values (${postId}, ${fan.id}, 1)
            returning post_id) update posts set likes_count = likes_count + 1 where id = ${postId}`,
        () => as(paths.like(postId), fan),
      );
      expect(expectOk(liked).likesOverviewDetails).toEqual({ likesCount: 2, liked: true });

      const unliked = await racedBy(
        sql`with removed as (delete from likes where post_id = ${postId} and citizen_id = ${fan.id}
            returning post_id) update posts set likes_count = likes_count - 1 where id = ${postId}`,
        () => as(paths.unlike(postId), fan),
      );
      expect(expectOk(unliked).likesOverviewDetails).toEqual({ likesCount: 1, liked: false });
    },
  );
});

/**
 * `request` sent while another transaction has written `write` and not committed yet; that transaction
 * commits once a statement is blocked by it (`pg_blocking_pids`: only the request's can be, test files running
 * beside this one have their own rows and schemas), and the request's answer is returned.
 */
async function racedBy(
  write: ReturnType<typeof sql>,
  request: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  let answer: Promise<LightMyRequestResponse> | undefined;
  await t.ctx.db.transaction().execute(async (trx) => {
    await write.execute(trx);
    const { rows: me } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    const writer = me[0]?.pid;
    answer = request();
    for (let tries = 0; tries < 200; tries++) {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
        where ${writer}::int = any(pg_blocking_pids(pid))`.execute(t.ctx.db);
      if ((rows[0]?.waiting ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the request never waited for the racing writer');
  });
  return answer as Promise<LightMyRequestResponse>;
}
