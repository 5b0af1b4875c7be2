/**
 * Web Push on this device (ADR 079), as far as the browser is concerned: the service worker (public/sw.js), the
 * permission, and the push service's subscription. The server's side (the key, storing the subscription) is the
 * notifications slice's; the screen joins the two (components/notifications/device-push.tsx).
 */
const WORKER = '/sw.js';

/** The sentences the worker shows, by key, in the citizen's language (Notifications.push.*). */
export const PUSH_TEXT_KEYS = [
  'title',
  'someone',
  'likeOne',
  'likeMany',
  'followOne',
  'followMany',
  'friendRequest',
  'friendAccepted',
  'mention',
  'commentOne',
  'commentMany',
  'replyOne',
  'replyMany',
  'commentMention',
] as const;
export type PushTexts = Record<(typeof PUSH_TEXT_KEYS)[number], string>;

export type DeviceState = 'unsupported' | 'denied' | 'off' | 'on';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const registration = () => navigator.serviceWorker.getRegistration(WORKER);

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

export async function deviceState(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** Hands the worker the sentences in the citizen's language; resolves once it has kept them. */
export async function giveTexts(texts: PushTexts): Promise<void> {
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return;
  const kept = new Promise<void>((resolve) => {
    const listener = (event: MessageEvent) => {
      if (event.data?.type !== 'texts-kept') return;
      navigator.serviceWorker.removeEventListener('message', listener);
      resolve();
    };
    navigator.serviceWorker.addEventListener('message', listener);
  });
  worker.postMessage({ type: 'texts', texts });
  await kept;
}

/** Registers the worker (once per browser: later calls find it) and waits until it is active. */
export async function registerWorker(): Promise<void> {
  await navigator.serviceWorker.register(WORKER, { scope: '/' });
  await navigator.serviceWorker.ready;
}

/**
 * Asks for the permission and subscribes with the server's key, once the worker is registered. Null when the
 * person said no; throws when the browser's push service refused.
 */
export async function subscribeThisDevice(serverKey: string): Promise<PushSubscriptionJSON | null> {
  const ready = await navigator.serviceWorker.ready;
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const subscription = await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  return subscription.toJSON();
}

/**
 * Ends this browser's subscription: the push service forgets it, so a push the server still sends is answered
 * "gone" and the server deletes it too. Returns the endpoint it had, for the server to forget at once.
 */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
