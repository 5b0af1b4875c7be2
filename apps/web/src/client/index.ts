/*
 * What pages and components use from the client data layer. Components reach the store only through the
 * typed hooks here and the generated endpoint hooks; the slices and `makeStore` stay inside.
 */

export { LAST_VISIT_KEY, recordFirstVisit, SESSION_USER_VISITED, VISITED_AT_KEY } from './analytics/first-visit';
export { type AnalyticsMessage, type AnalyticsQueue, createAnalyticsQueue } from './analytics/queue';
export { describeUserAgent } from './analytics/user-agent';
export { buildRequest, type RequestOf, type ResultOf } from './api/contract-request';
export { type ApiError, type ErrorMessageKey, errorMessageKey, errorMessageKeys } from './api/errors';
export * from './api/hooks';
export { seedStageFeed } from './api/seed-stage-feed';
export { formatCount } from './behaviour/compact-count';
export { DEFAULT_LOGOUT_DESTINATION } from './behaviour/logout';
export { entryOf, type HistoryEntry, hrefOf } from './behaviour/navigation-history';
export { mergePages } from './behaviour/paging';
export { useAppDispatch, useAppSelector } from './hooks';
export { navigatedTo, replacedWith, selectCanGoBack, selectPreviousEntry, wentBack } from './navigation-slice';
export { commentsInOrder, isPendingComment, threadOf } from './optimistic/comments';
export { hasPendingRequestId } from './optimistic/friends';
export { logOut, prepareSession } from './session-actions';
export { selectSessionLoading } from './session-status';
export { StoreProvider } from './store-provider';
export { type MyImageKind, sendMyImage } from './upload/my-images';
export {
  abortUploadKeepalive,
  discardDraftKeepalive,
  draftDiscarded,
  postPublished,
  uploadCallsFor,
} from './upload/upload-calls';
export { UploadFailed, uploadMedia } from './upload/upload-media';
