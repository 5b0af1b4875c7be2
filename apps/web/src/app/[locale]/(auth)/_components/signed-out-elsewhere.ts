/**
 * Signing out in one tab reaches this browser's other tabs of the site (a BroadcastChannel: every browser the
 * app supports has one), which load their page again: the header and everything a citizen's page showed (their
 * friends-only posts among it) give way to a guest's page, instead of staying on screen until the next
 * navigation. The tab that signed out ignores its own message; it leaves through its own logout.
 */
const CHANNEL = 'civitas-session';
const thisTab = Math.random();

export function announceSignedOut(): void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(thisTab);
  channel.close();
}

/** Calls `listener` when another tab signs out; returns the unsubscribe. */
export function onSignedOutElsewhere(listener: () => void): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (event.data !== thisTab) listener();
  };
  return () => channel.close();
}
