/*
 * Civitas's service worker: Web Push only (ADR 079). Registered by the notifications screen when a citizen turns
 * notifications on for this device, never by a page's load, so it adds nothing to a first load; it caches no
 * pages and answers no fetches. A push carries data, not sentences (NotificationPush in the contract): the
 * sentences are the citizen's language's, which the screen hands over when it turns pushes on (the `texts` message)
 * and which are kept in this worker's own cache.
 */
const TEXTS_CACHE = 'civitas-push';
const TEXTS_KEY = '/sw-texts.json';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'texts' || typeof event.data.texts !== 'object') return;
  const stored = caches
    .open(TEXTS_CACHE)
    .then((cache) =>
      cache.put(
        TEXTS_KEY,
        new Response(JSON.stringify(event.data.texts), { headers: { 'content-type': 'application/json' } }),
      ),
    );
  event.waitUntil(stored.then(() => event.source?.postMessage({ type: 'texts-kept' })));
});

async function texts() {
  const kept = await (await caches.open(TEXTS_CACHE)).match(TEXTS_KEY);
  return kept ? kept.json() : null;
}

/** The kinds whose line groups several people (ADR 077, 084). */
const GROUPED = new Set(['like', 'follow', 'comment', 'reply']);

/** The sentence of a line: its kind's, for one person or for several ("… and others"), with the first's name. */
function sentence(words, line) {
  const key = GROUPED.has(line.kind) ? `${line.kind}${line.actorCount > 1 ? 'Many' : 'One'}` : line.kind;
  const first = line.actors[0]?.displayName ?? words.someone;
  return String(words[key] ?? '').replace('{first}', first);
}

self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      let push = null;
      try {
        push = event.data?.json() ?? null;
      } catch {
        push = null;
      }
      if (push?.kind !== 'notification') return;
      const line = push.data;
      if (self.navigator.setAppBadge) await self.navigator.setAppBadge(line.unreadCount).catch(() => undefined);
      const words = await texts();
      // Without the texts (a worker whose cache was cleared) a push is still shown, with the app's name alone.
      await self.registration.showNotification(words?.title ?? 'Civitas', {
        body: words ? sentence(words, line) : '',
        icon: '/app-icon-192.png',
        tag: line.tag,
        renotify: true,
        data: { url: line.postId ? `/p/${line.postId}` : '/notifications' },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = open.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) {
        await tab.focus();
        return tab.navigate(url).catch(() => self.clients.openWindow(url));
      }
      return self.clients.openWindow(url);
    })(),
  );
});
