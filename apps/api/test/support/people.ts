import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addFollow } from '../../src/domains/follows/follow-store.js';
import { acceptFriendRequest, createFriendRequest } from '../../src/domains/friends/friend-store.js';
import type { Caller } from '../../src/http/auth/tokens.js';
import type { NewCitizen } from '../../src/seed/citizens.js';
import type { TestApp } from './harness.js';

export interface Person {
  id: string;
  username: string;
}

/** A lower-case prefix no other citizen of the run shares, so search results are exact. */
export const uniquePrefix = (): string => `q${randomBytes(4).toString('hex')}`;

export const as = (person: Person): Caller => ({ kind: 'citizen', citizenId: person.id, username: person.username });

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
  follow: (follower: Person, ...followees: Person[]) =>
    Promise.all(followees.map((followee) => addFollow(t.ctx.db, follower.id, followee.id, t.ctx.now()))),
  befriend: async (a: Person, b: Person) => {
    await acceptFriendRequest(t.ctx.db, await createFriendRequest(t.ctx.db, a.id, b.id, t.ctx.now()), t.ctx.now());
  },
  /** `count` fresh citizens who follow `person` (to set their followers count). */
  fans: async (person: Person, count: number) => {
    for (let i = 0; i < count; i++) {
      const fan = await t.newCitizen();
      await addFollow(t.ctx.db, fan.id, person.id, t.ctx.now());
    }
  },
  dismiss: (me: Person, other: Person) =>
    t.request({
      method: 'POST',
      url: '/api/users/influencers/me/dismiss-relevant-profile-suggestion',
      as: as(me),
      payload: { suggestedProfileId: other.id },
    }),
});

export const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

export const usernames = (body: { data: { username: string }[] }) => body.data.map((person) => person.username);

/** An id no citizen has (well-formed UUID v7). */
export const unknownId = '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f7a';
