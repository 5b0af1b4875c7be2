import { routeTable } from '@civitas/contract/routes-table';
import { createApi } from '@reduxjs/toolkit/query/react';
import { continuationFromContract, fromContract } from './define';
import { sliceDefaults } from './slice-defaults';

/**
 * The moderators' calls of the moderation service (docs/product.md §7, ADR 070): the reports queue, a decision
 * and the log. A slice of their own, used by the moderation screen alone (ADR 073). A decision changes both
 * lists, so both are fetched again once it is taken: the queue moves the subject from open to decided, the log
 * gains a line.
 */
export const moderationQueueApi = createApi({
  ...sliceDefaults,
  reducerPath: 'moderationQueueApi',
  tagTypes: ['ReportQueue', 'ModerationLog'],
  endpoints: (build) => ({
    getReportQueue: build.infiniteQuery({
      ...continuationFromContract(routeTable.getReportQueue),
      providesTags: ['ReportQueue'],
    }),
    getModerationLog: build.infiniteQuery({
      ...continuationFromContract(routeTable.getModerationLog),
      providesTags: ['ModerationLog'],
    }),
    decideReport: build.mutation({
      ...fromContract(routeTable.decideReport),
      invalidatesTags: (_result, error) => (error ? [] : ['ReportQueue', 'ModerationLog']),
    }),
  }),
});

export const { useGetReportQueueInfiniteQuery, useGetModerationLogInfiniteQuery, useDecideReportMutation } =
  moderationQueueApi;
