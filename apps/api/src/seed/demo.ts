import type { AppContext } from '../context.js';
import { insertCitizen } from './citizens.js';

export const demoNames = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi'] as const;
export type DemoName = (typeof demoNames)[number];

export interface DemoWorld {
  citizens: Record<DemoName, { id: string; username: string }>;
}

const countries: Record<DemoName, string> = {
  alice: 'GB',
  bob: 'GB',
  carol: 'DE',
  dave: 'FR',
  erin: 'ES',
  frank: 'IT',
  grace: 'IN',
  heidi: 'GB',
};

/** The named demo world shared by tests, the dev server and E2E. */
export async function seedDemo(ctx: AppContext): Promise<DemoWorld> {
  const now = ctx.now();
  const citizens = {} as DemoWorld['citizens'];
  for (const name of demoNames) {
    const displayName = name[0]?.toUpperCase() + name.slice(1);
    const id = await insertCitizen(
      ctx.db,
      { username: name, displayName, country: countries[name], email: `${name}@example.com` },
      now,
    );
    citizens[name] = { id, username: name };
  }
  return { citizens };
}

export async function seedDemoIfEmpty(ctx: AppContext): Promise<void> {
  const any = await ctx.db.selectFrom('citizens').select('id').limit(1).executeTakeFirst();
  if (!any) await seedDemo(ctx);
}
