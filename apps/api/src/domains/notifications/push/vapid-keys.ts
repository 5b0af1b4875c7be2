import webpush from 'web-push';
import type { AppContext } from '../../../context.js';
import { oncePer } from '../../../db/batches.js';
import { secretNames, sharedSecret } from '../../../http/auth/server-secrets.js';

/** The server's VAPID key pair (base64url): the public key browsers subscribe with, the private one signs pushes. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The pair, made on first need and kept in the database (`server_secrets`, as the other shared secrets: ADR 017,
 * 079), so every instance signs with the key the browsers subscribed with. Instances asking together each offer a
 * pair; one is stored and all of them use it. Read once per context; a failed read is tried again next time.
 */
const keysOf = oncePer((_ctx: Pick<AppContext, 'db'>) => ({ loading: null as Promise<VapidKeys> | null }));

export function vapidKeys(ctx: Pick<AppContext, 'db' | 'now'>): Promise<VapidKeys> {
  const kept = keysOf(ctx);
  if (!kept.loading) {
    kept.loading = loadVapidKeys(ctx);
    kept.loading.catch(() => {
      kept.loading = null;
    });
  }
  return kept.loading;
}

async function loadVapidKeys(ctx: Pick<AppContext, 'db' | 'now'>): Promise<VapidKeys> {
  // The keys are the library's to make: never a pair of our own making.
  const candidate = JSON.stringify(webpush.generateVAPIDKeys());
  const stored = JSON.parse(await sharedSecret(ctx.db, secretNames.vapid, candidate, ctx.now())) as VapidKeys;
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
