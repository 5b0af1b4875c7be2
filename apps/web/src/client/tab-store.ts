import { drainLocationsInto } from './navigation-buffer';
import { navigatedTo } from './navigation-slice';
import { type AppStore, makeStore } from './store';
import { storeMade } from './store-made';

let store: AppStore | null = null;

/**
 * The browser tab's one store, made the first time anything asks for it: a page that needs it at once (its
 * `StoreProvider`), or an island's first interaction (lazy-store.ts). Both reach this same store, so an
 * optimistic like made from an island patches every list a store page cached, and the other way round.
 * Browser only: a server render makes its own store per request (store-provider.tsx).
 */
export function tabStore(): AppStore {
  if (store) return store;
  const made = makeStore();
  store = made;
  drainLocationsInto((entry) => made.dispatch(navigatedTo(entry)));
  storeMade();
  return made;
}
