import type { getStageFeed } from '@civitas/contract';
import type { AppDispatch, RootState } from '../store';
import { contentApi } from './content-api';
import type { RequestOf, ResultOf } from './contract-request';

/**
 * Makes a server-rendered first page of the stage the stage query's first page, so the server render shows it,
 * hydration finds the same posts, the browser asks for nothing on load, and likes patch it like any cached page.
 * `upsertQueryEntries` is a plain action, written before the next line of the render runs; `upsertQueryData`
 * goes through the async query thunk, so a server render (which never waits) would still see "loading".
 * A store that already holds this stage (a return to `/` within the cache's 60 s) keeps its own pages.
 */
export const seedStageFeed =
  (request: RequestOf<typeof getStageFeed>, firstPage: ResultOf<typeof getStageFeed>) =>
  (dispatch: AppDispatch, getState: () => RootState): void => {
    if (contentApi.endpoints.getStageFeed.select(request)(getState()).data) return;
    dispatch(
      contentApi.util.upsertQueryEntries([
        { endpointName: 'getStageFeed', arg: request, value: { pages: [firstPage], pageParams: [null] } },
      ]),
    );
  };
