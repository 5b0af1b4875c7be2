import { CountryCode, Id, Username } from '@civitas/contract';
import { InvalidArgumentError } from 'commander';
import type { z } from 'zod';

// Option parsers for commander: a bad value becomes "option '--x <v>' argument 'y' is invalid. <reason>".

const through =
  <T extends z.ZodType>(schema: T) =>
  (value: string): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new InvalidArgumentError(`It ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
    return parsed.data;
  };

export const parseUsername = through(Username);
export const parseId = through(Id);
export const parseCountry = through(CountryCode);

export function parseCountries(value: string): string[] {
  const codes = value
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  if (codes.length === 0) throw new InvalidArgumentError('Give at least one country code, e.g. GB,DE.');
  return [...new Set(codes.map(parseCountry))];
}

export function parseCount(value: string): number {
  const number = Number(value.replaceAll('_', ''));
  if (!/^\d[\d_]*$/.test(value) || !Number.isSafeInteger(number)) {
    throw new InvalidArgumentError('It must be a whole number (0 or more), e.g. 100000 or 100_000.');
  }
  return number;
}

export function parseTime(value: string): number {
  const time = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(time) || time <= 0) {
    throw new InvalidArgumentError('It must be an ISO date-time (2025-06-01T12:00:00Z) or epoch milliseconds.');
  }
  return time;
}

export function parseSeconds(value: string): number {
  const seconds = parseCount(value);
  if (seconds < 60 || seconds > 30 * 86_400)
    throw new InvalidArgumentError('It must be between 60 and 2592000 seconds.');
  return seconds;
}
