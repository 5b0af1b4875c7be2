import { describe, expect, it } from 'vitest';
import { postAge } from './post-age';

const now = Date.parse('2026-12-05T12:00:00Z');
const ago = (ms: number) => postAge(now - ms, now);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("a post's age on its card (ADR 067)", () => {
  it('is "now" for the first minute, and for a time a little ahead of the clock', () => {
    expect(ago(0)).toEqual({ unit: 'now' });
    expect(ago(MINUTE - 1)).toEqual({ unit: 'now' });
    expect(ago(-5 * MINUTE)).toEqual({ unit: 'now' });
  });

  it('counts whole minutes, then hours, then days, each rounded down', () => {
    expect(ago(MINUTE)).toEqual({ unit: 'minutes', value: 1 });
    expect(ago(HOUR - 1)).toEqual({ unit: 'minutes', value: 59 });
    expect(ago(HOUR)).toEqual({ unit: 'hours', value: 1 });
    expect(ago(3 * HOUR + 59 * MINUTE)).toEqual({ unit: 'hours', value: 3 });
    expect(ago(DAY - 1)).toEqual({ unit: 'hours', value: 23 });
    expect(ago(DAY)).toEqual({ unit: 'days', value: 1 });
    expect(ago(7 * DAY - 1)).toEqual({ unit: 'days', value: 6 });
  });

  it('gives the date from a week on, with its year from half a year on', () => {
    expect(ago(7 * DAY)).toEqual({ unit: 'date', withYear: false });
    expect(ago(181 * DAY)).toEqual({ unit: 'date', withYear: false });
    expect(ago(182 * DAY)).toEqual({ unit: 'date', withYear: true });
    expect(ago(3 * 365 * DAY)).toEqual({ unit: 'date', withYear: true });
  });
});
