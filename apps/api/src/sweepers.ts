import type { AppContext } from './context.js';
import { sweepOldEvents } from './domains/analytics/sweep-old-events.js';
import { sweepPendingAccounts } from './domains/identity/sweep-pending-accounts.js';
import { sweepExpiredUploads } from './domains/media/sweep-uploads.js';
import { sweepOldNotifications } from './domains/notifications/sweep-old-notifications.js';
import { sweepWaitingPosts } from './domains/posts/sweep-waiting-posts.js';

export const SWEEP_INTERVAL_MS = 10 * 60_000;

const sweeps: [string, (ctx: AppContext) => Promise<number>][] = [
  ['uploads', sweepExpiredUploads],
  ['posts whose upload never came', sweepWaitingPosts],
  ['analytics events', sweepOldEvents],
  ['pending accounts', sweepPendingAccounts],
  ['notifications', sweepOldNotifications],
];

/**
 * The housekeeping of the process that runs the media worker: uploads left open past UPLOAD_EXPIRY_MS, posts
 * still awaiting their upload after it (ADR 064), analytics events past ANALYTICS_RETENTION_DAYS, notifications past NOTIFICATION_RETENTION_DAYS and accounts
 * never confirmed (ADR 053) go, now and every SWEEP_INTERVAL_MS until the returned function is called. One failing sweep does not stop the others.
 */
export function startSweepers(ctx: AppContext, log: (message: string, error?: unknown) => void): () => void {
  const sweepAll = () => {
    for (const [what, sweep] of sweeps) void sweep(ctx).catch((error) => log(`sweeping ${what} failed`, error));
  };
  sweepAll();
  const timer = setInterval(sweepAll, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
