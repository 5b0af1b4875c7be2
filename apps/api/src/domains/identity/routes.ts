import type { Route } from '../../http/route.js';
import authUrl from './auth-url.js';
import confirmPasswordReset from './confirm-password-reset.js';
import machineToken from './machine-token.js';
import requestPasswordReset from './request-password-reset.js';
import resendVerification from './resend-verification.js';
import signIn from './sign-in.js';
import signUp from './sign-up.js';
import verifyEmail from './verify-email.js';

export const identityRoutes = [
  machineToken,
  authUrl,
  signUp,
  verifyEmail,
  resendVerification,
  requestPasswordReset,
  confirmPasswordReset,
  signIn,
] as Route[];
