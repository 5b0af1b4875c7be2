import { afterAll, expect } from 'vitest';
import { cspViolations } from './browser';

// Set up for every journey file (vitest.config.ts): whatever a file's pages did, the app's own policy was kept.
afterAll(() => {
  expect(cspViolations, 'Content-Security-Policy violations in the browser console').toEqual([]);
});
