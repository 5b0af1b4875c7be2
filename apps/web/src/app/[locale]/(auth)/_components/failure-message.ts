'use client';

import { useTranslations } from 'next-intl';
import { type ApiOutcome, minutesToWait } from './call-api';

type Failure = Extract<ApiOutcome<unknown>, { ok: false }>;

const fieldKeys = ['email', 'username', 'displayName', 'password', 'code', 'country'] as const;
type FieldKey = (typeof fieldKeys)[number];

/** The form field a refused request field belongs to (`otpCode` and `newPassword` share their messages). */
const fieldOf = (requestField: string): FieldKey | undefined => {
  const name = requestField === 'otpCode' ? 'code' : requestField === 'newPassword' ? 'password' : requestField;
  return (fieldKeys as readonly string[]).includes(name) ? (name as FieldKey) : undefined;
};

/** Turns what the API answered into words for the person, in their language (the API's own text is English). */
export function useFailureMessages() {
  const t = useTranslations('Auth.errors');
  const errors = useTranslations('Errors');
  return {
    general(failure: Failure): string {
      if (failure.status === 0) return t('network');
      if (failure.status === 429) return t('tooManyAttempts', { minutes: minutesToWait(failure.retryAfter) });
      switch (failure.code) {
        case 'INVALID_CREDENTIALS':
          return t('invalidCredentials');
        case 'USERNAME_TAKEN':
          return t('usernameTaken');
        case 'INVALID_CODE':
          return t('invalidCode');
        case 'INVALID_RESET_LINK':
          return t('invalidResetLink');
        case 'ACCOUNT_SUSPENDED':
          // Told only once the password is right (ADR 070).
          return errors('accountSuspended');
        case 'VALIDATION_FAILED':
          // A reset link cut short in the copying is no field the person can mend.
          return failure.fields.includes('token') ? t('invalidResetLink') : t('invalidInput');
        default:
          return t('unknown');
      }
    },
    /** Field name → message, for the fields the API refused. */
    fields(failure: Failure): Record<string, string> {
      const messages: Record<string, string> = {};
      for (const requestField of failure.fields) {
        const field = fieldOf(requestField);
        if (field) messages[requestField] = t(`field.${field}`);
      }
      if (failure.code === 'USERNAME_TAKEN') messages.username = t('usernameTaken');
      if (failure.code === 'INVALID_CODE') messages.otpCode = t('invalidCode');
      return messages;
    },
  };
}
