/** One `Set-Cookie` header reduced to what the rest of a request needs: the name, and the value or its removal. */
export interface CookieChange {
  name: string;
  /** null when the header deletes the cookie (empty value, `Max-Age=0` or an `Expires` in the past). */
  value: string | null;
}

export function parseSetCookie(header: string, now: number): CookieChange | null {
  const [pair = '', ...attributes] = header.split(';');
  const separator = pair.indexOf('=');
  if (separator <= 0) return null;
  const name = pair.slice(0, separator).trim();
  const value = pair.slice(separator + 1).trim();
  const removed = attributes.some((attribute) => {
    const [key = '', raw = ''] = attribute.split('=').map((part) => part.trim());
    if (key.toLowerCase() === 'max-age') return Number(raw) <= 0;
    if (key.toLowerCase() === 'expires') return Date.parse(raw) <= now;
    return false;
  });
  return { name, value: removed || value === '' ? null : value };
}

/** A Cookie request header with the changes applied (later changes win). */
export function applyCookieChanges(cookieHeader: string, changes: readonly CookieChange[]): string {
  const cookies = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0) cookies.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim());
  }
  for (const change of changes) {
    if (change.value === null) cookies.delete(change.name);
    else cookies.set(change.name, change.value);
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}
