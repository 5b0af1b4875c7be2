import { randomInt } from 'node:crypto';
import { v7 } from 'uuid';

let lastMs = -1;
let sequence = 0;
let lastPastMs = -1;
let pastSequence = 0;

/**
 * A new time-ordered id; `at` backdates it (seeding history, a notice dated by its like). Within one millisecond
 * a counter keeps ids in creation order, so ordering by id is ordering by creation on every path (feeds page by
 * id); a backdated id is ordered by its time alone.
 */
export function newId(at?: number): string {
  const ms = at ?? Date.now();
  // A backdated id (a notice dated by a like of a moment ago) counts on a counter of its own: moving the clock's
  // back reset the count of its millisecond, so the next id of that millisecond could sort before one minted
  // earlier in it.
  if (ms < lastMs) {
    if (ms === lastPastMs && pastSequence < 0x7fffffff) pastSequence += 1;
    else {
      lastPastMs = ms;
      pastSequence = randomInt(0, 0x3fffffff);
    }
    return v7({ msecs: ms, seq: pastSequence });
  }
  if (ms === lastMs && sequence < 0x7fffffff) sequence += 1;
  else {
    lastMs = ms;
    // A random start keeps ids minted in the same millisecond by different processes apart.
    sequence = randomInt(0, 0x3fffffff);
  }
  return v7({ msecs: ms, seq: sequence });
}

/** The smallest id of a moment: every id minted at `ms` or later sorts after it (a time bound on an id column). */
export function idFloorAt(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}
