import type { CommentView } from '@civitas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from '../api/content-api';
import { socialApi } from '../api/social-api';
import { usersApi } from '../api/users-api';
import { usersMutations } from '../api/users-mutations';
import { comment, post, profile, uuid } from '../testing/fixtures';
import { serverFailure, startRoutedServer } from '../testing/routed-server';
import { commentsInOrder, isPendingComment } from './comments';

/*
 * Comments' writes against a real store and a real HTTP server (ADR 084): what the cached list shows while the
 * server holds its answer, and after it answers or refuses.
 */

let routed: Awaited<ReturnType<typeof startRoutedServer>>;
beforeAll(async () => {
  routed = await startRoutedServer();
});
afterAll(() => routed.server.close());

const me = { ...profile({ username: 'alice', displayName: 'Alice' }), email: null, language: 'en' };

async function seeded(options: { withMe?: boolean } = {}) {
  const postId = uuid();
  const first = comment({ postId });
  const reply = comment({ postId, parentId: first.id });
  routed.setRoutes({
    [`GET /api/content/v1/creators-content/${postId}/comments`]: () => ({
      status: 200,
      json: { data: [first, reply], continuationToken: null, commentsCount: 2, commentsOff: false },
    }),
    'GET /api/users/influencers/me': () => ({
      status: 200,
      json: { ...me, createdAt: '2025-01-01T00:00:00.000Z', roles: [] },
    }),
  });
  const store = routed.citizenStore();
  await store.dispatch(contentApi.endpoints.getComments.initiate({ params: { id: postId } }));
  if (options.withMe !== false) await store.dispatch(usersApi.endpoints.getMe.initiate());
  const cached = () => {
    const data = contentApi.endpoints.getComments.select({ params: { id: postId } })(store.getState()).data;
    const page = data?.pages.at(-1);
    return { comments: commentsInOrder(data?.pages ?? []), count: page?.commentsCount, off: page?.commentsOff };
  };
  return { store, postId, first, reply, cached };
}

const texts = (comments: CommentView[]) => comments.map((item) => item.text.content);

describe('a new comment', () => {
  it('shows at once under my name, then as the server answers it', async () => {
    const { store, postId, first, cached } = await seeded();
    const saved = comment({ postId, parentId: first.id, text: { content: 'Thanks!', mentions: [] } });
    await routed.whileHeld(
      `POST /api/users/v1/creators-content/${postId}/comments`,
      () =>
        store.dispatch(
          usersMutations.endpoints.createComment.initiate({
            params: { id: postId },
            body: { text: ' Thanks! ', parentId: first.id },
          }),
        ),
      { status: 201, json: saved },
      () => {
        const shown = cached();
        expect(texts(shown.comments)).toEqual(['Lovely', 'Lovely', 'Thanks!']);
        expect(shown.comments[2]).toMatchObject({ parentId: first.id, author: { username: 'alice' } });
        expect(isPendingComment(shown.comments[2] as CommentView)).toBe(true);
        expect(shown.count).toBe(3);
      },
    );
    expect(cached().comments.at(-1)).toEqual(saved);
    expect(cached().count).toBe(3);
  });

  it('leaves when the call fails; a refusal because comments are off turns them off', async () => {
    const { store, postId, cached } = await seeded();
    const send = () =>
      store.dispatch(
        usersMutations.endpoints.createComment.initiate({ params: { id: postId }, body: { text: 'Hello' } }),
      );
    const route = `POST /api/users/v1/creators-content/${postId}/comments`;
    await routed.whileHeld(route, send, serverFailure, () => expect(cached().comments).toHaveLength(3));
    expect(cached()).toMatchObject({ count: 2, off: false });
    expect(cached().comments).toHaveLength(2);
    const off = { statusCode: 403, error: 'Forbidden', message: 'off', code: 'COMMENTS_OFF' };
    await routed.whileHeld(route, send, { status: 403, json: off }, () => undefined);
    expect(cached()).toMatchObject({ count: 2, off: true });
  });

  it('without my profile cached yet, appears once the server has it', async () => {
    const { store, postId, cached } = await seeded({ withMe: false });
    const saved = comment({ postId });
    await routed.whileHeld(
      `POST /api/users/v1/creators-content/${postId}/comments`,
      () =>
        store.dispatch(
          usersMutations.endpoints.createComment.initiate({ params: { id: postId }, body: { text: 'Lovely' } }),
        ),
      { status: 201, json: saved },
      () => expect(cached().comments).toHaveLength(2),
    );
    expect(cached().comments.at(-1)).toEqual(saved);
    expect(cached().count).toBe(3);
  });
});

describe('the post’s comment count', () => {
  /** The post, cached as its page and as an overview, with the two comments `seeded` lists. */
  async function withThePost() {
    const seededList = await seeded();
    const { store, postId } = seededList;
    const target = post({ id: postId, commentsCount: 2 });
    routed.addRoutes({
      [`GET /api/content/v1/creators-content/${postId}`]: () => ({ status: 200, json: target }),
      [`GET /api/social/feeds/${postId}/overview`]: () => ({
        status: 200,
        json: { contentId: postId, likesOverviewDetails: target.likesOverviewDetails, commentsCount: 2 },
      }),
    });
    await store.dispatch(contentApi.endpoints.getPost.initiate({ params: { id: postId } }));
    await store.dispatch(socialApi.endpoints.getPostOverview.initiate({ params: { id: postId } }));
    const counts = () => {
      const state = store.getState();
      return [
        contentApi.endpoints.getPost.select({ params: { id: postId } })(state).data?.commentsCount,
        socialApi.endpoints.getPostOverview.select({ params: { id: postId } })(state).data?.commentsCount,
      ];
    };
    return { ...seededList, counts };
  }

  it('moves on the post’s cached copies with a new comment, and back when the call fails', async () => {
    const { store, postId, counts } = await withThePost();
    expect(counts()).toEqual([2, 2]);
    const send = () =>
      store.dispatch(
        usersMutations.endpoints.createComment.initiate({ params: { id: postId }, body: { text: 'Hello' } }),
      );
    const route = `POST /api/users/v1/creators-content/${postId}/comments`;
    await routed.whileHeld(route, send, serverFailure, () => expect(counts()).toEqual([3, 3]));
    expect(counts()).toEqual([2, 2]);
    const saved = comment({ postId, text: { content: 'Hello', mentions: [] } });
    await routed.whileHeld(route, send, { status: 201, json: saved }, () => expect(counts()).toEqual([3, 3]));
    expect(counts()).toEqual([3, 3]);
  });

  it('falls with a deleted thread, replies included, and comes back when the call fails', async () => {
    const { store, first, counts } = await withThePost();
    const remove = () =>
      store.dispatch(usersMutations.endpoints.deleteComment.initiate({ params: { commentId: first.id } }));
    const route = `DELETE /api/users/v1/comments/${first.id}`;
    await routed.whileHeld(route, remove, serverFailure, () => expect(counts()).toEqual([0, 0]));
    expect(counts()).toEqual([2, 2]);
    await routed.whileHeld(route, remove, { status: 204 }, () => undefined);
    expect(counts()).toEqual([0, 0]);
  });
});

describe('deleting a comment and the author’s switch', () => {
  it('takes a thread away with its replies at once, and brings it back when the call fails', async () => {
    const { store, first, cached } = await seeded();
    const remove = () =>
      store.dispatch(usersMutations.endpoints.deleteComment.initiate({ params: { commentId: first.id } }));
    const route = `DELETE /api/users/v1/comments/${first.id}`;
    await routed.whileHeld(route, remove, serverFailure, () =>
      expect(cached()).toMatchObject({ comments: [], count: 0 }),
    );
    expect(cached()).toMatchObject({ count: 2 });
    expect(cached().comments).toHaveLength(2);
    await routed.whileHeld(route, remove, { status: 204 }, () => undefined);
    expect(cached()).toMatchObject({ comments: [], count: 0 });
  });

  it('turns comments off at once, and back on when the call fails', async () => {
    const { store, postId, cached } = await seeded();
    const turnOff = () =>
      store.dispatch(
        usersMutations.endpoints.setPostComments.initiate({ params: { id: postId }, body: { commentsOff: true } }),
      );
    const route = `PUT /api/users/v1/creators-content/${postId}/comments-off`;
    await routed.whileHeld(route, turnOff, serverFailure, () => expect(cached().off).toBe(true));
    expect(cached().off).toBe(false);
    await routed.whileHeld(route, turnOff, { status: 200, json: { commentsOff: true } }, () => undefined);
    expect(cached().off).toBe(true);
  });
});
