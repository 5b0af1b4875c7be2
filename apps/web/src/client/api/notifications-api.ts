import { routeTable } from '@civitas/contract/routes-table';
import { createApi } from '@reduxjs/toolkit/query/react';
import { continuationFromContract, fromContract } from './define';
import { sliceDefaults } from './slice-defaults';

/**
 * My notifications (ADR 077): the list and the read mark, used by the notifications screen alone. The unread
 * count is the live stream's (client/live/notification-stream.ts, ADR 078), not a query: it is on every page.
 * Marking read fetches the list again (its lines' `read` change).
 */
export const notificationsApi = createApi({
  ...sliceDefaults,
  reducerPath: 'notificationsApi',
  tagTypes: ['Notifications'],
  endpoints: (build) => ({
    getNotifications: build.infiniteQuery({
      ...continuationFromContract(routeTable.getNotifications),
      providesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation({
      ...fromContract(routeTable.markNotificationsRead),
      invalidatesTags: (_result, error) => (error ? [] : ['Notifications']),
    }),
    // Web Push on this device (ADR 079): the server's key, and this browser's subscription stored or forgotten.
    getPushKey: build.query(fromContract(routeTable.getPushKey)),
    subscribeToPush: build.mutation(fromContract(routeTable.subscribeToPush)),
    unsubscribeFromPush: build.mutation(fromContract(routeTable.unsubscribeFromPush)),
  }),
});

export const {
  useGetNotificationsInfiniteQuery,
  useMarkNotificationsReadMutation,
  useLazyGetPushKeyQuery,
  useSubscribeToPushMutation,
  useUnsubscribeFromPushMutation,
} = notificationsApi;
