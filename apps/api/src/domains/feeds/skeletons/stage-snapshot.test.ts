import { describe, expect, it } from 'vitest';
import { settledSnapshot, stageHeadCacheMs } from './stage-snapshot.js';

describe('settledSnapshot', () => {
  const head = { stagedAt: [500, 400, 400, 300], complete: false };

  it('settles a time between two stagings on the older one', () => {
    expect(settledSnapshot(head, 450)).toBe(400);
    expect(settledSnapshot(head, 401)).toBe(400);
    expect(settledSnapshot(head, 399)).toBe(300);
  });

  it('keeps a time that is a staging itself, and settles a later time on the newest staging', () => {
    expect(settledSnapshot(head, 400)).toBe(400);
    expect(settledSnapshot(head, 300)).toBe(300);
    expect(settledSnapshot(head, 10_000)).toBe(500);
  });

  it('cannot tell a time older than an incomplete head', () => {
    expect(settledSnapshot(head, 299)).toBeUndefined();
  });

  it('gives one empty snapshot for a time before a whole stage', () => {
    expect(settledSnapshot({ ...head, complete: true }, 299)).toBe(0);
    expect(settledSnapshot({ stagedAt: [], complete: true }, 1_000)).toBe(0);
  });
});

describe('stageHeadCacheMs', () => {
  it('is the shortest page cache period that is on, or off', () => {
    expect(stageHeadCacheMs({ GUEST_PAGE_CACHE_MS: 1000, STAGE_SKELETON_CACHE_MS: 250 })).toBe(250);
    expect(stageHeadCacheMs({ GUEST_PAGE_CACHE_MS: 0, STAGE_SKELETON_CACHE_MS: 250 })).toBe(250);
    expect(stageHeadCacheMs({ GUEST_PAGE_CACHE_MS: 0, STAGE_SKELETON_CACHE_MS: 0 })).toBe(0);
  });
});
