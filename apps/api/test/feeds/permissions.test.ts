import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeds } from '../support/feeds.js';
import { asCitizen, type Citizen, createTestApp, guest, machine, type TestApp } from '../support/harness.js';

let t: TestApp;
let citizen: Citizen;
beforeAll(async () => {
  t = await createTestApp();
  citizen = await t.newCitizen();
  await t.newPost({ authorId: citizen.id });
  await t.newPost({ authorId: citizen.id, sharing: 'private' });
});
afterAll(() => t.close());

type Identity = 'none' | 'guest' | 'citizen' | 'machine' | 'machineWithoutScope' | 'expired' | 'tampered';
const identities: Identity[] = ['none', 'guest', 'citizen', 'machine', 'machineWithoutScope', 'expired', 'tampered'];

async function tokenOf(identity: Identity): Promise<string | undefined> {
  const caller = asCitizen(citizen);
  switch (identity) {
    case 'none':
      return undefined;
    case 'guest':
      return t.tokenFor(guest);
    case 'citizen':
      return t.tokenFor(caller);
    case 'machine':
      return t.tokenFor(machine('content'));
    case 'machineWithoutScope':
      return t.tokenFor(machine('social', 'graphs'));
    case 'expired':
      return t.ctx.tokens.issue(caller, -60);
    case 'tampered': {
      const [header, payload, signature] = (await t.tokenFor(caller)).split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url');
      return `${header}.${forged}.${signature}`;
    }
  }
}

type Expected = Record<Identity, number>;
const citizenOrGuest: Expected = {
  none: 401,
  guest: 200,
  citizen: 200,
  machine: 403,
  machineWithoutScope: 403,
  expired: 401,
  tampered: 401,
};
const citizenOnly: Expected = { ...citizenOrGuest, guest: 403 };
const machineOnly: Expected = { ...citizenOrGuest, guest: 403, citizen: 403, machine: 200 };

const routes: { name: string; url: () => string; expected: Expected }[] = [
  { name: 'stage', url: () => feeds.stage({ country: 'NZ' }), expected: citizenOrGuest },
  { name: 'shared profile', url: () => feeds.sharedProfile(citizen.username), expected: machineOnly },
  { name: 'private profile', url: () => feeds.privateProfile(citizen.id), expected: citizenOnly },
  { name: 'my public', url: () => feeds.myPublic(), expected: citizenOnly },
  { name: 'my private', url: () => feeds.myPrivate(), expected: citizenOnly },
  { name: 'shared loved', url: () => feeds.sharedLoved(citizen.id), expected: machineOnly },
  { name: 'loved', url: () => feeds.loved(citizen.id), expected: citizenOnly },
];

describe('who may read each feed', () => {
  for (const route of routes) {
    it(`${route.name}: ${identities.map((who) => `${who} ${route.expected[who]}`).join(', ')}`, async () => {
      for (const identity of identities) {
        const token = await tokenOf(identity);
        const res = await t.request({
          method: 'GET',
          url: route.url(),
          ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
        });
        expect({ identity, status: res.statusCode }).toEqual({ identity, status: route.expected[identity] });
        if (res.statusCode === 200) expect(res.json()).toHaveProperty('continuationToken');
        if (res.statusCode === 403) {
          const scopeIsTheProblem = identity === 'machineWithoutScope' && route.expected.machine === 200;
          expect(res.json().code).toBe(scopeIsTheProblem ? 'MISSING_SCOPE' : 'WRONG_IDENTITY');
        }
        if (res.statusCode === 401) expect(res.json().code).toBe('UNAUTHORIZED');
      }
    });
  }
});
