/**
 * The tab's store has been made (by an island's need or a store page's provider): tab-store.ts says so, and
 * lazy-store.ts's `whenStoreMade` waits for it. A module of its own, holding no Redux, so that the store's own
 * module does not import the module that loads it.
 */
let announce: () => void = () => undefined;

/** Settled once the tab's store is made. */
export const storeMadeSignal: Promise<void> = new Promise<void>((resolve) => {
  announce = resolve;
});

/** Told by tab-store.ts when the tab's store is made. */
export const storeMade = (): void => announce();
