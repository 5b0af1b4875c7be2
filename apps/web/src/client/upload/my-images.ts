import type { MyProfileView } from '@civitas/contract';
import { fullPath, routeTable } from '@civitas/contract/routes-table';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ClientEnvironment } from '../api/environment';
import type { SendResult } from '../api/session-keeper';
import { myProfileSaved } from '../api/users-api';
import type { AppDispatch, RootState } from '../store';
import { type PartTransport, putPart } from './part-transport';
import { sendPart } from './upload-calls';

/** My profile's two images: the picture beside my name, the cover across the top. */
export type MyImageKind = 'picture' | 'cover';

const routes = { picture: routeTable.setMyProfilePicture, cover: routeTable.setMyCoverPicture } as const;

/**
 * My new picture or cover, its bytes sent whole as one call (a picture is one part's size at most), with
 * progress, the session kept usable as for every call; once saved, my profile everywhere shows it.
 */
export const sendMyImage =
  (
    kind: MyImageKind,
    file: Blob,
    onProgress: (loadedBytes: number) => void,
    signal: AbortSignal,
    transport: PartTransport = putPart,
  ): ThunkAction<Promise<SendResult>, RootState, ClientEnvironment, UnknownAction> =>
  async (dispatch: AppDispatch) => {
    const result = await dispatch(sendPart(transport, fullPath(routes[kind]), file, onProgress, signal));
    if (!result.error) myProfileSaved(dispatch, result.data as MyProfileView);
    return result;
  };
