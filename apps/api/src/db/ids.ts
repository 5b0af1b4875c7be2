import { v7 } from 'uuid';

/** A new time-ordered id; `at` backdates it (seeding history), keeping id order equal to time order. */
export const newId = (at?: number): string => (at === undefined ? v7() : v7({ msecs: at }));
