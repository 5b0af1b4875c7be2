import { randomInt } from 'node:crypto';
import { v7 } from 'uuid';

let lastMs = -1;
let sequence = 0;

/**
 * A new time-ordered id; `at` backdates it (seeding history). Within one millisecond a counter keeps ids in
 * creation order, so ordering by id is ordering by creation on every path (feeds page by id).
 */
export function newId(at?: number): string {
  const ms = at ?? Date.now();
  if (ms === lastMs && sequence < 0x7fffffff) sequence += 1;
  else {
    lastMs = ms;
    // A random start keeps ids minted in the same millisecond by different processes apart.
    sequence = randomInt(0, 0x3fffffff);
  }
  return v7({ msecs: ms, seq: sequence });
}
