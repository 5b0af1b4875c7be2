'use client';

import { type ReactNode, useState } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from './store';
import { tabStore } from './tab-store';

/**
 * Gives the client components below it the store. Only pages whose components read it while rendering wrap
 * themselves in it (ADR 018); in the browser it is the tab's one store, shared with the islands that load it
 * on demand; a server render makes its own, so no one's data is shared with another request.
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => (typeof window === 'undefined' ? makeStore() : tabStore()));
  return <Provider store={store}>{children}</Provider>;
}
