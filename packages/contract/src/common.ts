import { z } from 'zod';

/**
 * Time-ordered UUID (v7 when minted here); any RFC 4122 UUID is accepted and lower-cased, because
 * PostgreSQL's uuid type ignores case while SQLite's text does not.
 */
export const Id = z.uuid({ error: 'must be a UUID, e.g. 0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70' }).toLowerCase();
export const IdParams = z.object({ id: Id });

export const Username = z
  .string()
  .min(3, 'must be at least 3 characters')
  .max(30, 'must be at most 30 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'may hold only letters, digits and underscores');

export const CountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166-1 country code, e.g. GB')
  .transform((code) => code.toUpperCase());

export const IsoDateTime = z.string().describe('ISO 8601 date-time');

export const ErrorResponse = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    code: z.string().optional(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** Where the browser should go to recover, e.g. to sign in again after a failed session refresh. */
    redirectUrl: z.string().optional(),
  })
  .meta({ id: 'Error' });

const intFromQuery = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

/** Offset paging (docs/product.md §9): `limit`/`offset` → `{ data, total }`. */
export const OffsetQuery = z.object({
  limit: intFromQuery('limit', 1, 100, 20),
  offset: intFromQuery('offset', 0, 1_000_000, 0),
});

export const offsetPage = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });

/** Continuation paging (docs/product.md §9): `size`/`continuationToken` → `{ data, continuationToken }`. */
export const ContinuationQuery = z.object({
  size: intFromQuery('size', 1, 50, 20),
  continuationToken: z.string().min(1).max(512, 'continuationToken is too long').optional(),
});

export const continuationPage = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    /** Absent (null) only when the page is empty: a client stops on an empty page. */
    continuationToken: z.string().nullable(),
  });
