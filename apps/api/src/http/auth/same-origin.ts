import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated writes: browsers send `Origin` (and `Sec-Fetch-Site`) on every
 * cross-site POST, so a write whose origin is not ours is refused. Requests without either header do not
 * come from a browser page and cannot carry a victim's cookies by accident. SameSite cookies are the
 * second layer.
 */
export function assertSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (
    (origin !== undefined && origin !== publicOrigin) ||
    (site !== undefined && site !== 'same-origin' && site !== 'none')
  ) {
    throw new AppError(403, 'CROSS_SITE_REQUEST', 'This request came from another site and was refused');
  }
}
