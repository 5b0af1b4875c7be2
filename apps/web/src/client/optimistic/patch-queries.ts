/** A change to cached data that can be taken back (RTK Query's patch collection). */
export interface Undoable {
  undo(): void;
}

/** The part of an API slice's utilities needed to patch its cached queries by endpoint name. */
export interface PatchableApi<Name extends string> {
  readonly util: {
    selectCachedArgsForQuery(state: never, name: Name): readonly unknown[];
    updateQueryData(name: Name, arg: never, recipe: never): unknown;
  };
}

/** `dispatch` of an `onQueryStarted`: it runs the thunk `updateQueryData` returns. */
export type PatchDispatch = (thunk: never) => unknown;

/**
 * Applies one recipe to every cached entry of the named queries of a slice (all arguments: every profile,
 * every feed page) and returns the patches, so a failed call can undo them. The names given must hold data
 * of the recipe's shape; the recipes themselves only touch items they recognise.
 */
export function patchQueries<Name extends string, Shape>(
  api: PatchableApi<Name>,
  names: readonly Name[],
  state: unknown,
  dispatch: PatchDispatch,
  recipe: (draft: Shape) => void,
): Undoable[] {
  const patches: Undoable[] = [];
  for (const name of names) {
    for (const arg of api.util.selectCachedArgsForQuery(state as never, name)) {
      const thunk = api.util.updateQueryData(name, arg as never, recipe as never);
      patches.push(dispatch(thunk as never) as Undoable);
    }
  }
  return patches;
}

/** Takes patches back newest first, so each undo finds the state its patch left. */
export function undoAll(patches: readonly Undoable[]): void {
  for (const patch of [...patches].reverse()) patch.undo();
}
