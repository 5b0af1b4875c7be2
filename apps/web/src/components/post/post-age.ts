/**
 * How old a post is, as its card says it: "now", minutes, hours and days for the first week, then its date
 * (with the year once it is half a year old). A pure function of two instants, so the server's render and the
 * browser's first render give the same text when they are given the same `now` (ADR 067).
 */
export type PostAge =
  | { unit: 'now' }
  | { unit: 'minutes' | 'hours' | 'days'; value: number }
  | { unit: 'date'; withYear: boolean };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Past a week a count of days reads worse than the date itself. */
const DAYS_COUNTED = 7;
/** Within about half a year the day and month are unambiguous; older dates carry their year. */
const WITHOUT_YEAR = 182 * DAY;

export function postAge(createdAt: number, now: number): PostAge {
  // A post from "the future" is a clock that runs a little ahead (the server's or this device's): it is new.
  const elapsed = Math.max(0, now - createdAt);
  if (elapsed < MINUTE) return { unit: 'now' };
  if (elapsed < HOUR) return { unit: 'minutes', value: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', value: Math.floor(elapsed / HOUR) };
  if (elapsed < DAYS_COUNTED * DAY) return { unit: 'days', value: Math.floor(elapsed / DAY) };
  return { unit: 'date', withYear: elapsed >= WITHOUT_YEAR };
}
