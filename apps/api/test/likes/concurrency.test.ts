import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOk } from '../support/answers.js';
import { observe, paths, post } from '../support/calls.js';
import { type Citizen, createTestApp, newCitizens, type TestApp } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const citizens = (count: number) => newCitizens(t, count);

describe('concurrent writes keep counts exact', () => {
  it('40 likes, 15 unlikes and duplicate likes in parallel leave exactly 25', async () => {
    const author = await t.newCitizen();
    const postId = await t.newPost({ authorId: author.id });
    const fans = await citizens(40);

    await allOk(
      fans.flatMap((fan, i) => [
        post(t, paths.like(postId), fan),
        ...(i % 3 === 0 ? [post(t, paths.like(postId), fan)] : []),
      ]),
    );
    expect((await observe(t).postOverview(author, postId)).likesOverviewDetails.likesCount).toBe(40);

    const leaving = fans.slice(0, 15);
    const staying = fans.slice(15);
    await allOk([
      ...leaving.flatMap((fan, i) => [
        post(t, paths.unlike(postId), fan),
        ...(i % 2 === 0 ? [post(t, paths.unlike(postId), fan)] : []),
      ]),
      ...staying.map((fan) => post(t, paths.like(postId), fan)),
    ]);

    expect((await observe(t).postOverview(author, postId)).likesOverviewDetails.likesCount).toBe(25);
    expect((await observe(t).postOverview(leaving[0] as Citizen, postId)).likesOverviewDetails.liked).toBe(false);
    expect((await observe(t).postOverview(staying[0] as Citizen, postId)).likesOverviewDetails.liked).toBe(true);
    const rows = await t.ctx.db.selectFrom('likes').select('citizen_id').where('post_id', '=', postId).execute();
    expect(rows).toHaveLength(25);
  });
});
