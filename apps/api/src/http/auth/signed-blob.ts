import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A short-lived value the server hands out and later takes back unchanged (e.g. a pending authorization
 * request): base64url(JSON) + "." + HMAC-SHA256 bound to a purpose, with an expiry inside.
 */
export function sealBlob(secret: Buffer, purpose: string, value: object, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify({ ...value, exp: expiresAt })).toString('base64url');
  const mac = createHmac('sha256', secret).update(`${purpose}.${payload}`).digest('base64url');
  return `${payload}.${mac}`;
}

/** The value sealed for this purpose, or null when forged, altered, for another purpose or expired. */
export function openBlob(secret: Buffer, purpose: string, sealed: string, now: number): Record<string, unknown> | null {
  const [payload, mac, extra] = sealed.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const wanted = createHmac('sha256', secret).update(`${purpose}.${payload}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof value.exp === 'number' && value.exp > now ? value : null;
  } catch {
    return null;
  }
}
