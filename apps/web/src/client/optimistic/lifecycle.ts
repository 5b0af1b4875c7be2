import type { PatchDispatch } from './patch-queries';

/** The part of RTK Query's `onQueryStarted` lifecycle the optimistic updates use. */
export interface MutationLifecycle<Result> {
  dispatch: PatchDispatch;
  getState(): unknown;
  queryFulfilled: Promise<{ data: Result }>;
}

/** Waits for the call; on failure runs `revert` and reports false (the page shows the error from the hook). */
export async function settled<Result>(
  lifecycle: MutationLifecycle<Result>,
  onSuccess: (data: Result) => void,
  revert: () => void,
): Promise<boolean> {
  let data: Result;
  try {
    ({ data } = await lifecycle.queryFulfilled);
  } catch {
    revert();
    return false;
  }
  onSuccess(data);
  return true;
}
