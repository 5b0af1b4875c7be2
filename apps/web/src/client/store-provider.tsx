'use client';

import { type ReactNode, useState } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from './store';

/**
 * Gives the client components below it their store: one per browser tab, made once on first render (and
 * one per server render, so no one's data is shared with another request).
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => makeStore());
  return <Provider store={store}>{children}</Provider>;
}
