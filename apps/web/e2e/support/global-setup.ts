import type { TestProject } from 'vitest/node';
import { type RunningApp, startApp } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string;
    dataDir: string;
  }
}

/** Knobs the journeys rely on; everything else is the product's default configuration. */
export const e2eServerEnv = {
  // The shortest lifetime the API accepts: with the 180 s margin every page render renews the token.
  ACCESS_TOKEN_TTL_SECONDS: '60',
  ACCOUNT_FAILURE_LIMIT: '3',
  AUTH_RATE_LIMIT_PER_MINUTE: '200',
  // Every browser of the run calls from 127.0.0.1 and the demo citizens act in many journeys.
  REQUESTS_PER_5_MINUTES: '100000',
  FOLLOWS_PER_HOUR: '10000',
  FRIEND_REQUESTS_PER_HOUR: '10000',
  POSTS_PER_30_MINUTES: '10000',
  // The notifications journey shows a like's notification (off by default: ADR 077).
  LIKE_NOTIFICATIONS: 'true',
  // The named demo world (alice, bob, ...; apps/api/src/seed/demo.ts) that the journeys read and act on.
  SEED_DEMO: 'true',
};

let app: RunningApp | undefined;

/** One server for the whole run: starting Next dominates the time of a short suite. */
export async function setup(project: TestProject): Promise<void> {
  app = await startApp(e2eServerEnv);
  project.provide('origin', app.origin);
  project.provide('dataDir', app.dataDir);
}

export async function teardown(): Promise<void> {
  await app?.stop();
}
