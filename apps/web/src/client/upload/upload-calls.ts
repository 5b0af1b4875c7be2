import type { UploadKind } from '@civitas/contract';
import { fullPath, routeTable } from '@civitas/contract/routes-table';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { sendWithSession } from '../api/base-query';
import { contentApi } from '../api/content-api';
import type { ClientEnvironment } from '../api/environment';
import type { SendResult } from '../api/session-keeper';
import { usersApi } from '../api/users-api';
import { trackWrite } from '../behaviour/writes-in-flight';
import type { AppDispatch, RootState } from '../store';
import { type PartTransport, putPart } from './part-transport';
import type { UploadCalls } from './upload-media';

/** One part (or a profile picture), sent with the session kept usable like every other call (refreshed first, once more after a 401). */
export const sendPart =
  (
    transport: PartTransport,
    url: string,
    bytes: Blob,
    onProgress: (loadedBytes: number) => void,
    signal: AbortSignal,
  ): ThunkAction<Promise<SendResult>, RootState, ClientEnvironment, UnknownAction> =>
  (_dispatch, _getState, environment) =>
    sendWithSession(environment, 'citizen', () =>
      transport(/^https?:/.test(url) ? url : `${environment.baseUrl}${url}`, bytes, onProgress, signal),
    );

const asSendResult = (result: { data?: unknown; error?: unknown }): SendResult =>
  result.error ? { error: result.error as NonNullable<SendResult['error']> } : { data: result.data };

/**
 * The upload calls of one post, through the store (sessions, errors); the parts by `transport`
 * (XMLHttpRequest in the browser), with the same session keeping. An album item's `position` (ADR 086) travels
 * in initiate's body (uploadMedia's option); the parts, complete and abort name the upload by its id.
 */
export function uploadCallsFor(dispatch: AppDispatch, postId: string, transport: PartTransport = putPart): UploadCalls {
  const { initiateUpload, listUploadParts, completeUpload } = usersApi.endpoints;
  return {
    initiate: async (kind, body) =>
      asSendResult(await dispatch(initiateUpload.initiate({ params: { id: postId, kind }, body }))),
    listParts: async (uploadId) =>
      asSendResult(await dispatch(listUploadParts.initiate({ params: { id: postId, uploadId } }))),
    sendPart: (part, bytes, onProgress, signal) => dispatch(sendPart(transport, part.url, bytes, onProgress, signal)),
    complete: async (kind, uploadId) =>
      asSendResult(await dispatch(completeUpload.initiate({ params: { id: postId, kind }, body: { uploadId } }))),
  };
}

/**
 * Abandons an upload so its parts are deleted at once, in a way that survives the page closing
 * (`keepalive`): sent when the person cancels or leaves mid-upload. Best effort: what it misses, the server
 * sweeps after a day.
 */
export function abortUploadKeepalive(postId: string, kind: UploadKind, uploadId: string): void {
  const route = routeTable.abortUpload;
  const aborted = fetch(fullPath(route).replace(':id', postId).replace(':kind', kind), {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-api-version': route.versions.at(-1) ?? '1.0' },
    body: JSON.stringify({ uploadId }),
  }).catch(() => undefined);
  trackWrite(aborted);
}

/**
 * Deletes a post that never got its media (the composer was left or cancelled, or its file refused and the
 * composer left: ADR 064), surviving the page closing. Once it is gone, `onGone` runs (if the page is still
 * there): my feeds and counts read while it existed are read again.
 */
export function discardDraftKeepalive(postId: string, onGone?: () => void): void {
  const route = routeTable.deletePost;
  const discarded = fetch(fullPath(route).replace(':id', postId), {
    method: 'DELETE',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'x-api-version': route.versions.at(-1) ?? '3.0' },
  })
    .then((response) => {
      if (response.ok) onGone?.();
    })
    .catch(() => undefined);
  // A sign-out waits for it (writes-in-flight.ts).
  trackWrite(discarded);
}

/** A draft of mine was discarded: the lists and counts that were read with it in them are read again. */
export const draftDiscarded = () => (dispatch: AppDispatch) => {
  dispatch(contentApi.util.invalidateTags(['MyFeed']));
  dispatch(usersApi.util.invalidateTags(['Me']));
};

/** A post became ready: my lists and counts are read again, now with it in them. */
export const postPublished = () => (dispatch: AppDispatch) => {
  dispatch(contentApi.util.invalidateTags(['MyFeed']));
  dispatch(usersApi.util.invalidateTags(['Me']));
};
