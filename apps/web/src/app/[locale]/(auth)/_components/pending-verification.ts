/**
 * The account waiting for its email code, kept in this browser so the verify page still knows it when opened
 * again from the sign-in page. Neither value is secret (the id is public, the email is the person's own).
 */
export interface PendingVerification {
  influencerId: string;
  email: string;
}

const KEY = 'civitas.pendingVerification';

export function rememberPendingVerification(pending: PendingVerification): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage may be off (private mode); the id also travels in the verify page's URL.
  }
}

export function pendingVerification(): PendingVerification | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<PendingVerification> | null;
    return typeof stored?.influencerId === 'string' && typeof stored.email === 'string'
      ? { influencerId: stored.influencerId, email: stored.email }
      : null;
  } catch {
    return null;
  }
}

export function forgetPendingVerification(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
