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
  tagTypes: ['Notifications', 'NotificationSettings'],
  endpoints: (build) => ({
    getNotifications: build.infiniteQuery({
      ...continuationFromContract(routeTable.getNotifications),
      providesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation({
      ...fromContract(routeTable.markNotificationsRead),
      invalidatesTags: (_result, error) => (error ? [] : ['Notifications']),
    }),
    getNotificationSettings: build.query({
      ...fromContract(routeTable.getNotificationPreferences),
      providesTags: ['NotificationSettings'],
    }),
    // A switch shows its new place at once; a refused change puts it back (the answer is the whole settings).
    updateNotificationSettings: build.mutation({
      ...fromContract(routeTable.updateNotificationPreferences),
      async onQueryStarted(request, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotificationSettings', undefined, (settings) => {
            Object.assign(settings, request.body);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('getNotificationSettings', undefined, data));
        } catch {
          patch.undo();
        }
      },
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
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
  useSubscribeToPushMutation,
  useUnsubscribeFromPushMutation,
} = notificationsApi;
