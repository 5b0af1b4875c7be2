import { apiFetch } from './api-fetch';
import { TOKEN_EXPIRY_MARGIN_MS } from './expiry';

/** The scopes of docs/product.md §6 that public sharing reads need. */
export const SSR_SCOPES = ['content', 'social', 'users', 'graphs'] as const;

export interface MachineTokenSourceOptions {
  clientId: () => string | undefined;
  clientSecret: () => string | undefined;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
}

export interface MachineTokenSource {
  /** A machine token valid for at least 180 more seconds, or null when none can be had. */
  get(): Promise<string | null>;
  /** Forgets the cached token (e.g. after the API refused it). */
  clear(): void;
}

/**
 * The web server's app token for public sharing reads (docs/product.md §6, §8): obtained with the client credentials
 * the API process hands over, cached until 180 s before it expires, and shared by concurrent renders. When
 * none can be obtained it logs 'Machine token not found' and clears the cached token.
 */
export function createMachineTokenSource(options: MachineTokenSourceOptions): MachineTokenSource {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message, detail) => console.error(message, detail ?? ''));
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string | null> | null = null;

  const clear = () => {
    cached = null;
  };

  const obtain = async (): Promise<string | null> => {
    const clientId = options.clientId();
    const clientSecret = options.clientSecret();
    try {
      if (!clientId || !clientSecret) throw new Error('no client credentials were handed to the web server');
      const startedAt = now();
      const response = await apiFetch('/api/identity/machine/token', {
        method: 'POST',
        body: { clientId, clientSecret, scopes: SSR_SCOPES },
      });
      if (!response.ok) throw new Error(`the token endpoint answered ${response.status}`);
      const body = (await response.json()) as { accessToken?: unknown; expiresIn?: unknown };
      if (typeof body.accessToken !== 'string' || typeof body.expiresIn !== 'number') {
        throw new Error('the token endpoint answered without a token');
      }
      cached = { token: body.accessToken, expiresAt: startedAt + body.expiresIn * 1000 };
      return body.accessToken;
    } catch (error) {
      clear();
      log('Machine token not found', error instanceof Error ? error.message : error);
      return null;
    }
  };

  return {
    async get() {
      if (cached && cached.expiresAt - TOKEN_EXPIRY_MARGIN_MS > now()) return cached.token;
      inFlight ??= obtain().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    clear,
  };
}

/** The one source of the web server process, reading the credentials main.ts put in the environment. */
export const machineToken = createMachineTokenSource({
  clientId: () => process.env.CIVITAS_SSR_CLIENT_ID,
  clientSecret: () => process.env.CIVITAS_SSR_CLIENT_SECRET,
});
