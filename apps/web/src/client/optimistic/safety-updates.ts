import { contentApi } from '../api/content-api';
import { graphsApi } from '../api/graphs-api';
import { socialApi } from '../api/social-api';
import { usersApi } from '../api/users-api';

/**
 * After a block or a mute (ADR 069, 071): nothing is guessed, since what leaves (posts in every feed, people in
 * every list, a block's ended follows and friendship in the counts) is the server's rules to say. Once the call
 * succeeds, every cached feed and people list is dropped and read again, and the list of whom I blocked or muted
 * is read again where it shows.
 */
export const safetyUpdate =
  (list: 'Blocked' | 'Muted') =>
  async (
    _request: unknown,
    lifecycle: { dispatch: (action: never) => unknown; queryFulfilled: Promise<unknown> },
  ): Promise<void> => {
    try {
      await lifecycle.queryFulfilled;
    } catch {
      return;
    }
    const { dispatch } = lifecycle;
    for (const action of [
      contentApi.util.resetApiState(),
      graphsApi.util.resetApiState(),
      socialApi.util.resetApiState(),
      usersApi.util.invalidateTags([list, 'Me']),
    ]) {
      dispatch(action as never);
    }
  };
