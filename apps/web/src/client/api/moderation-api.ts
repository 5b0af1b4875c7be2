import { routeTable } from '@civitas/contract/routes-table';
import { createApi } from '@reduxjs/toolkit/query/react';
import { continuationFromContract, fromContract } from './define';
import { sliceDefaults } from './slice-defaults';

/**
 * The moderation service as a citizen uses it (ADR 070): reporting a post or a citizen, and my reports with where
 * each stands. The moderators' queue and decisions are not part of a citizen's screens.
 */
export const moderationApi = createApi({
  ...sliceDefaults,
  reducerPath: 'moderationApi',
  tagTypes: ['MyReports'],
  endpoints: (build) => ({
    createReport: build.mutation({ ...fromContract(routeTable.createReport), invalidatesTags: ['MyReports'] }),
    getMyReports: build.infiniteQuery({
      ...continuationFromContract(routeTable.getMyReports),
      providesTags: ['MyReports'],
    }),
  }),
});

export const { useCreateReportMutation, useGetMyReportsInfiniteQuery } = moderationApi;
