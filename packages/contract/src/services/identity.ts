import { z } from 'zod';
import { CountryCode, Id, Username } from '../common.js';
import { defineEndpoint, type MachineScope } from '../endpoint.js';
import { languages } from '../preferences.js';
import { userText } from '../text.js';

export const machineScopes = [
  'charities',
  'content',
  'flows',
  'graphs',
  'identity',
  'payments',
  'social',
  'socket',
  'users',
] as const satisfies readonly MachineScope[];

export const PASSWORD_MIN_LENGTH = 10;
export const OTP_LENGTH = 6;

export const Email = z.email({ error: 'must be an email address, e.g. ana@example.org' }).max(254).toLowerCase();
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'password must be at most 256 characters');
export const OtpCode = z.string().regex(/^\d{6}$/, `must be the ${OTP_LENGTH}-digit code from the email`);
/**
 * The secret of a password-reset link: the account's id and 32 random bytes (base64url). Too long to guess, so
 * trying one spends no budget of the account's (a 6-digit code's guesses could be spent by anyone).
 */
export const ResetToken = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/,
    'must be the whole reset link from the email; open it again, or ask for a new one',
  );
export const LanguageCode = z.enum(languages, { error: `must be one of ${languages.join(', ')}` });
export type LanguageCode = z.infer<typeof LanguageCode>;

export const requestMachineToken = defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/machine/token',
  access: 'none',
  rateLimited: true,
  versions: ['1.0'],
  summary: 'An app (machine) token for a registered client, limited to the scopes it asks for and is allowed',
  body: z.object({
    clientId: userText({ field: 'clientId', min: 1, max: 100 }),
    clientSecret: z.string().min(1).max(200),
    scopes: z.array(z.enum(machineScopes)).min(1, 'ask for at least one scope').max(machineScopes.length),
  }),
  success: {
    status: 200,
    body: z.object({ accessToken: z.string(), tokenType: z.literal('Bearer'), expiresIn: z.number().int() }),
  },
});

export const getAuthUrl = defineEndpoint({
  service: 'identity',
  method: 'GET',
  path: '/web/frequency/auth-url',
  access: 'none',
  versions: ['1.0'],
  summary:
    'Where to send the browser to sign in, for a registered callback URL (PKCE S256 and state are added by the caller)',
  querystring: z.object({ callbackUrl: z.url({ error: 'callbackUrl must be an absolute URL' }).max(2048) }),
  success: { status: 200, body: z.object({ authenticationUrl: z.string() }) },
});

export const DISPLAY_NAME_MAX_LENGTH = 60;
/** The name a citizen goes by, as sign-up and profile editing take it. */
export const DisplayName = userText({ field: 'displayName', min: 1, max: DISPLAY_NAME_MAX_LENGTH, trim: true });

export const signUp = defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/v1/accounts',
  access: 'none',
  rateLimited: true,
  versions: ['1.0'],
  summary: 'Create an account; a 6-digit code is emailed to verify the address',
  body: z.object({
    email: Email,
    username: Username,
    displayName: DisplayName,
    password: Password,
    country: CountryCode.default('GB'),
    language: LanguageCode.default('en'),
  }),
  success: { status: 201, body: z.object({ influencerId: Id }) },
});

export const verifyEmail = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/verify-influencer-email',
  access: 'none',
  rateLimited: true,
  versions: ['1.0'],
  summary: 'Confirm an email address with the emailed code (limited attempts; codes expire)',
  body: z.object({ influencerId: Id, otpCode: OtpCode }),
  success: { status: 200, body: z.object({ verified: z.literal(true) }) },
});

export const resendVerification = defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/v1/accounts/resend-verification',
  access: 'none',
  rateLimited: true,
  versions: ['1.0'],
  summary: 'Email a fresh verification code (answers the same whether or not the email is known)',
  body: z.object({ email: Email }),
  success: { status: 202, body: z.object({ accepted: z.literal(true) }) },
});

export const requestPasswordReset = defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/v1/password-reset',
  access: 'none',
  rateLimited: true,
  versions: ['1.0'],
  summary: 'Email a link to set a new password (answers the same whether or not the email is known)',
  body: z.object({ email: Email }),
  success: { status: 202, body: z.object({ accepted: z.literal(true) }) },
});

export const confirmPasswordReset = defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/v1/password-reset/confirm',
  access: 'none',
  rateLimited: true,
  versions: ['1.0'],
  summary: 'Set a new password with the token of the emailed link; every session of the account is signed out',
  body: z.object({ token: ResetToken, newPassword: Password }),
  success: { status: 200, body: z.object({ reset: z.literal(true) }) },
});

export const signIn = defineEndpoint({
  service: 'identity',
  method: 'POST',
  path: '/v1/sign-in',
  access: 'none',
  rateLimited: true,
  versions: ['1.0'],
  summary:
    'Check credentials for a pending authorization request and answer where to send the browser with the authorization code',
  body: z.object({
    login: userText({ field: 'login', min: 1, max: 254, trim: true }),
    password: z.string().min(1, 'enter your password').max(256),
    /** The signed authorization request from the authorize redirect. */
    interaction: z.string().min(1).max(4096),
  }),
  success: { status: 200, body: z.object({ redirectUrl: z.string() }) },
});

export const identityEndpoints = [
  requestMachineToken,
  getAuthUrl,
  signUp,
  verifyEmail,
  resendVerification,
  requestPasswordReset,
  confirmPasswordReset,
  signIn,
] as const;
