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
  it('parallel follows and unfollows of one citizen leave followersCount exact', async () => {
    const star = await t.newCitizen();
    const followers = await citizens(30);
    await allOk(
      followers.flatMap((f, i) => [
        post(t, paths.follow(star.id), f),
        ...(i % 4 === 0 ? [post(t, paths.follow(star.id), f)] : []),
      ]),
    );
    expect(await observe(t).overview(star, star)).toMatchObject({ followersCount: 30 });

    const leaving = followers.slice(0, 10);
    await allOk([
      ...leaving.flatMap((f) => [post(t, paths.unfollow(star.id), f), post(t, paths.unfollow(star.id), f)]),
      ...followers.slice(10).map((f) => post(t, paths.follow(star.id), f)),
    ]);
    expect(await observe(t).overview(star, star)).toMatchObject({ followersCount: 20 });
    for (const f of [leaving[0], followers[29]] as Citizen[]) {
      expect(await observe(t).overview(f, f)).toMatchObject({ followingCount: f === leaving[0] ? 0 : 1 });
    }
  });

  it('people following each other at the same moment all succeed with exact counts', async () => {
    const people = await citizens(8);
    // Every ordered pair at once: each row is locked from both sides.
    const calls = people.flatMap((a) => people.filter((b) => b !== a).map((b) => post(t, paths.follow(b.id), a)));
    await allOk(calls);
    for (const person of people) {
      expect(await observe(t).overview(person, person)).toMatchObject({ followersCount: 7, followingCount: 7 });
    }
  });
});
