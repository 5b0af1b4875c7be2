/** A browser that asked for a citizen's notifications by Web Push (ADR 079): its push service and keys. */
export interface PushSubscriptionsTable {
  id: string;
  citizen_id: string;
  /** The push service's address for this browser (unique: one citizen at a time). */
  endpoint: string;
  /** The browser's P-256 public key (base64url): payloads are encrypted to it. */
  p256dh: string;
  /** The browser's authentication secret (base64url). */
  auth: string;
  created_at: number;
}
