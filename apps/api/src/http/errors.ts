/** An error a client can act on; anything else that escapes a handler is logged and answered as a 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 426 | 429 | 502 | 503,
    readonly code: string,
    message: string,
    /** Where the browser should go to recover (e.g. sign in again). */
    readonly redirectUrl?: string,
    /** Sent as `Retry-After` (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const tooManyRequests = (code: string, message: string, retryAfterSeconds: number) =>
  new AppError(429, code, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));

export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const unauthorized = (message = 'Sign in to do this: send a valid access token') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

export const postNotFound = () => notFound('POST_NOT_FOUND', 'No such post, or it is not visible to you');
export const citizenNotFound = () => notFound('CITIZEN_NOT_FOUND', 'No such citizen');
