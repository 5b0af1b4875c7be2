import { randomBytes } from 'node:crypto';
import { addFollow } from '../../src/domains/follows/follow-store.js';
import type { NewCitizen } from '../../src/seed/citizens.js';
import { befriend } from './feeds.js';
import { asCitizen, type Citizen, type TestApp } from './harness.js';

/** A lower-case prefix no other citizen of the run shares, so search results are exact. */
export const uniquePrefix = (): string => `q${randomBytes(4).toString('hex')}`;

/** Builds small graphs through the real stores, so counters move exactly as they do in the app. */
export const graph = (t: TestApp) => ({
  citizen: (username: string, overrides: Partial<NewCitizen> = {}) =>
    t.newCitizen({ username, displayName: `Test ${username}`, ...overrides }),
  /** A citizen with one public post: a creator. */
  creator: async (username: string, overrides: Partial<NewCitizen> = {}) => {
    const person = await t.newCitizen({ username, displayName: `Test ${username}`, ...overrides });
    await t.newPost({ authorId: person.id, caption: 'hello' });
    return person;
  },
  follow: (follower: Citizen, ...followees: Citizen[]) =>
    Promise.all(followees.map((followee) => addFollow(t.ctx.db, follower.id, followee.id, t.ctx.now()))),
  befriend: (a: Citizen, b: Citizen) => befriend(t, a.id, b.id),
  /** `count` fresh citizens who follow `person` (to set their followers count). */
  fans: async (person: Citizen, count: number) => {
    for (let i = 0; i < count; i++) {
      const fan = await t.newCitizen();
      await addFollow(t.ctx.db, fan.id, person.id, t.ctx.now());
    }
  },
  dismiss: (me: Citizen, other: Citizen) =>
    t.request({
      method: 'POST',
      url: '/api/users/influencers/me/dismiss-relevant-profile-suggestion',
      as: asCitizen(me),
      payload: { suggestedProfileId: other.id },
    }),
});

export const usernames = (body: { data: { username: string }[] }) => body.data.map((person) => person.username);
