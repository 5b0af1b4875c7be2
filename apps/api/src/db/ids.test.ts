import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('keeps ids minted in the same millisecond in creation order', () => {
    const at = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 1000 }, () => newId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('orders ids by their time, backdated or not', () => {
    const older = newId(Date.UTC(2020, 0, 1));
    const newer = newId();
    expect(older < newer).toBe(true);
    expect(newer).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps the order of a millisecond when an id of an earlier one is minted in between', () => {
    // A millisecond at or after every id minted so far (the clock's own), as a request's is.
    const at = Date.now() + 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      ids.push(newId(at));
      newId(at - 5_000); // a notice dated by its like, minted between two ids of the same millisecond
    }
    expect([...ids].sort()).toEqual(ids);
  });
});
