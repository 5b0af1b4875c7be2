import type { ErrorResponse } from '@civitas/contract';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** A failed call as every slice reports it: an HTTP status with the error body, or one of the client kinds. */
export type ApiError = FetchBaseQueryError;

/** The body of every API error (the contract's `ErrorResponse`). */
export type ErrorBody = ReturnType<(typeof ErrorResponse)['parse']>;

const optional = (value: unknown, type: 'string' | 'object'): boolean => value === undefined || typeof value === type;

/**
 * An error body, checked by hand for the fields the client reads (the browser bundle carries no schemas):
 * anything else, such as a proxy's HTML page, is `null`.
 */
export function errorBodyOf(data: unknown): ErrorBody | null {
  if (typeof data !== 'object' || data === null) return null;
  const body = data as Record<string, unknown>;
  const valid =
    Number.isInteger(body.statusCode) &&
    typeof body.error === 'string' &&
    typeof body.message === 'string' &&
    optional(body.code, 'string') &&
    optional(body.redirectUrl, 'string') &&
    (body.details === undefined || Array.isArray(body.details));
  return valid ? (body as ErrorBody) : null;
}

/** The custom errors of docs/product.md §8, in its words (also what error reporting sees). */
export const POST_OVERVIEW_NOT_FOUND = 'Post Overview not found';
export const UNAUTHORIZED = 'Unauthorized';

/** Server error codes that the client turns into a custom error. */
const customErrorsByCode: Readonly<Record<string, string>> = {
  POST_OVERVIEW_NOT_FOUND,
};

/** An HTTP error whose body carries a code the client treats as a named custom error. */
export function toCustomError(error: ApiError): ApiError {
  if (typeof error.status !== 'number') return error;
  const code = errorBodyOf(error.data)?.code;
  const custom = code ? customErrorsByCode[code] : undefined;
  return custom ? { status: 'CUSTOM_ERROR', error: custom, data: error.data } : error;
}

export const unauthorizedError = (redirectUrl?: string): ApiError => ({
  status: 'CUSTOM_ERROR',
  error: UNAUTHORIZED,
  ...(redirectUrl ? { data: { redirectUrl } } : {}),
});

/**
 * Message keys (next-intl, namespace `Errors`) that a page shows for a failed call; the pages translate them,
 * so no English text lives in the data layer.
 */
export const errorMessageKeys = [
  'Errors.network',
  'Errors.timeout',
  'Errors.unexpectedResponse',
  'Errors.postOverviewNotFound',
  'Errors.unauthorized',
  'Errors.forbidden',
  'Errors.notFound',
  'Errors.conflict',
  'Errors.invalidInput',
  'Errors.tooLarge',
  'Errors.tooManyRequests',
  'Errors.generic',
  'Errors.blocked',
  'Errors.accountSuspended',
  'Errors.reportAlreadyOpen',
] as const;
export type ErrorMessageKey = (typeof errorMessageKeys)[number];

const keysByStatus: Readonly<Record<number, ErrorMessageKey>> = {
  400: 'Errors.invalidInput',
  401: 'Errors.unauthorized',
  403: 'Errors.forbidden',
  404: 'Errors.notFound',
  409: 'Errors.conflict',
  413: 'Errors.tooLarge',
  415: 'Errors.invalidInput',
  422: 'Errors.invalidInput',
  429: 'Errors.tooManyRequests',
};

/**
 * Refusals whose code says more than their status (docs/product.md §8): a follow or friend request across a block
 * (403 `BLOCKED`), a suspended account (403), a second open report of the same subject (409, ADR 070).
 */
const keysByCode: Readonly<Record<string, ErrorMessageKey>> = {
  BLOCKED: 'Errors.blocked',
  ACCOUNT_SUSPENDED: 'Errors.accountSuspended',
  REPORT_ALREADY_OPEN: 'Errors.reportAlreadyOpen',
};

const keysByCustomError: Readonly<Record<string, ErrorMessageKey>> = {
  [POST_OVERVIEW_NOT_FOUND]: 'Errors.postOverviewNotFound',
  [UNAUTHORIZED]: 'Errors.unauthorized',
};

const isApiError = (error: unknown): error is ApiError =>
  typeof error === 'object' && error !== null && 'status' in error;

/** Which message tells the person what went wrong; anything unforeseen is "Sorry, something went wrong". */
export function errorMessageKey(error: unknown): ErrorMessageKey {
  if (!isApiError(error)) return 'Errors.generic';
  switch (error.status) {
    case 'FETCH_ERROR':
      return 'Errors.network';
    case 'TIMEOUT_ERROR':
      return 'Errors.timeout';
    case 'PARSING_ERROR':
      return 'Errors.unexpectedResponse';
    case 'CUSTOM_ERROR':
      return keysByCustomError[error.error] ?? 'Errors.generic';
    default: {
      const code = errorBodyOf(error.data)?.code;
      return (code ? keysByCode[code] : undefined) ?? keysByStatus[error.status] ?? 'Errors.generic';
    }
  }
}
