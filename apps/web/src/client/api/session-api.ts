import { routeTable } from '@civitas/contract/routes-table';
import { createApi } from '@reduxjs/toolkit/query/react';
import { fromContract } from './define';
import { sliceDefaults } from './slice-defaults';

/**
 * The web app's own-origin session routes and the identity calls a page makes (docs/product.md §7, "Identity" and "The web session").
 * Refreshing is the base query's business (session-keeper); the machine token is server-only.
 */
export const sessionApi = createApi({
  ...sliceDefaults,
  reducerPath: 'sessionApi',
  endpoints: (build) => ({
    getSession: build.query(fromContract(routeTable.getSession)),
    logout: build.mutation(fromContract(routeTable.logout)),
    getAuthUrl: build.query(fromContract(routeTable.getAuthUrl)),
    signUp: build.mutation(fromContract(routeTable.signUp)),
    signIn: build.mutation(fromContract(routeTable.signIn)),
    resendVerification: build.mutation(fromContract(routeTable.resendVerification)),
    requestPasswordReset: build.mutation(fromContract(routeTable.requestPasswordReset)),
    confirmPasswordReset: build.mutation(fromContract(routeTable.confirmPasswordReset)),
  }),
});

export const {
  useGetSessionQuery,
  useLogoutMutation,
  useGetAuthUrlQuery,
  useSignUpMutation,
  useSignInMutation,
  useResendVerificationMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
} = sessionApi;
