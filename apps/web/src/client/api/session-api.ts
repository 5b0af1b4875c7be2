import * as contract from '@civitas/contract';
import { createApi } from '@reduxjs/toolkit/query/react';
import { fromContract } from './define';
import { sliceDefaults } from './slice-defaults';

/**
 * The web app's own-origin session routes and the identity calls a page makes (spec §7 "Identity and auth").
 * Refreshing is the base query's business (session-keeper); the machine token is server-only.
 */
export const sessionApi = createApi({
  ...sliceDefaults,
  reducerPath: 'sessionApi',
  endpoints: (build) => ({
    getSession: build.query(fromContract(contract.getSession)),
    logout: build.mutation(fromContract(contract.logout)),
    getAuthUrl: build.query(fromContract(contract.getAuthUrl)),
    signUp: build.mutation(fromContract(contract.signUp)),
    signIn: build.mutation(fromContract(contract.signIn)),
    resendVerification: build.mutation(fromContract(contract.resendVerification)),
    requestPasswordReset: build.mutation(fromContract(contract.requestPasswordReset)),
    confirmPasswordReset: build.mutation(fromContract(contract.confirmPasswordReset)),
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
