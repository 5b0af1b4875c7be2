import { headers } from 'next/headers';

/**
 * The public origin links are made from: the configured PUBLIC_URL, or the host the request came to (a proxy's
 * forwarded host first).
 */
export function publicBase(
  configured: string | undefined,
  header: (name: string) => string | null,
): string | undefined {
  if (configured) {
    try {
      return new URL(configured).href.replace(/\/$/, '');
    } catch {
      // fall through to the request's host
    }
  }
  const host = header('x-forwarded-host')?.split(',')[0]?.trim() || header('host');
  if (!host) return undefined;
  const protocol = header('x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
  return `${protocol}://${host}`;
}

/** The public origin of the page being rendered (PUBLIC_URL, else the request's host). */
export async function publicOrigin(): Promise<string | undefined> {
  const request = await headers();
  return publicBase(process.env.PUBLIC_URL, (name) => request.get(name));
}
