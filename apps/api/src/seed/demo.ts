import type { AppContext } from '../context.js';
import { addFollow } from '../domains/follows/follow-store.js';
import { acceptFriendRequest, createFriendRequest } from '../domains/friends/friend-store.js';
import { insertCitizen } from './citizens.js';

export const demoNames = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi'] as const;
export type DemoName = (typeof demoNames)[number];

export interface DemoWorld {
  citizens: Record<DemoName, { id: string; username: string }>;
}

interface DemoPerson {
  displayName: string;
  country: string;
  language: string;
  bio: string;
}

export const demoPeople: Record<DemoName, DemoPerson> = {
  alice: { displayName: 'Alice Archer', country: 'GB', language: 'en', bio: 'Landscapes and long walks.' },
  bob: { displayName: 'Bob Baker', country: 'GB', language: 'en', bio: 'Bread, bikes and Brighton.' },
  carol: { displayName: 'Carol Krause', country: 'DE', language: 'de', bio: 'Street photography in Berlin.' },
  dave: { displayName: 'Dave Dubois', country: 'FR', language: 'fr', bio: 'Cuisine et voyages.' },
  erin: { displayName: 'Erin Estrada', country: 'ES', language: 'es', bio: 'Música y montañas.' },
  frank: { displayName: 'Frank Ferrari', country: 'IT', language: 'it', bio: 'Architettura e caffè.' },
  grace: { displayName: 'Grace Gupta', country: 'IN', language: 'hi', bio: 'Colours of Jaipur.' },
  heidi: { displayName: 'Heidi Hughes', country: 'GB', language: 'en', bio: 'New here.' },
};

/**
 * The demo social graph. Tests rely on it exactly as written here; a test that needs a clean slate makes its
 * own citizens instead of changing these.
 */
export const demoFriendships: readonly [DemoName, DemoName][] = [
  ['alice', 'bob'],
  ['bob', 'carol'],
  ['carol', 'dave'],
];
export const demoFollows: readonly [DemoName, DemoName][] = [
  ['alice', 'bob'],
  ['alice', 'carol'],
  ['bob', 'alice'],
  ['carol', 'alice'],
  ['dave', 'alice'],
  ['dave', 'bob'],
  ['erin', 'alice'],
  ['frank', 'carol'],
  ['grace', 'alice'],
  ['heidi', 'bob'],
];
/** Pending friend requests, from → to. */
export const demoFriendRequests: readonly [DemoName, DemoName][] = [
  ['dave', 'alice'],
  ['erin', 'bob'],
];

/** The named demo world shared by tests, the dev server and E2E: citizens and their social graph. */
export async function seedDemo(ctx: AppContext): Promise<DemoWorld> {
  const now = ctx.now();
  const citizens = {} as DemoWorld['citizens'];
  for (const [index, name] of demoNames.entries()) {
    const person = demoPeople[name];
    const id = await insertCitizen(
      ctx.db,
      {
        username: name,
        ...person,
        email: `${name}@example.com`,
        createdAt: now - (demoNames.length - index) * 86_400_000,
      },
      now,
    );
    citizens[name] = { id, username: name };
  }
  const id = (name: DemoName) => citizens[name].id;
  for (const [a, b] of demoFriendships) {
    await acceptFriendRequest(ctx.db, await createFriendRequest(ctx.db, id(a), id(b), now), now);
  }
  for (const [follower, followee] of demoFollows) await addFollow(ctx.db, id(follower), id(followee), now);
  for (const [from, to] of demoFriendRequests) await createFriendRequest(ctx.db, id(from), id(to), now);
  return { citizens };
}

export async function seedDemoIfEmpty(ctx: AppContext): Promise<void> {
  const any = await ctx.db.selectFrom('citizens').select('id').limit(1).executeTakeFirst();
  if (!any) await seedDemo(ctx);
}
