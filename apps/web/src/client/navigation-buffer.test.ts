import { describe, expect, it } from 'vitest';
import { entryOf, type HistoryEntry } from './behaviour/navigation-history';
import { drainLocationsInto, recordLocation } from './navigation-buffer';

describe('navigation buffer (history before the store is loaded)', () => {
  it('hands the kept locations over in order, then passes new ones straight through', () => {
    recordLocation(entryOf('/'));
    recordLocation(entryOf('/p/1?x=1'));
    const received: HistoryEntry[] = [];
    drainLocationsInto((entry) => received.push(entry));
    expect(received).toEqual([entryOf('/'), entryOf('/p/1?x=1')]);
    recordLocation(entryOf('/u/alice#posts'));
    expect(received).toEqual([entryOf('/'), entryOf('/p/1?x=1'), entryOf('/u/alice#posts')]);
  });
});
