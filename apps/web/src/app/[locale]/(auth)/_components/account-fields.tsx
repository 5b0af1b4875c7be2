'use client';

import { inputLimits } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';

// Fields that several account forms ask for, with the limits the contract enforces on the server.

export function CodeField({ error }: { error: string | undefined }) {
  const t = useTranslations('Auth.fields');
  return (
    <FormField
      name="otpCode"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      pattern={`[0-9]{${inputLimits.otpLength}}`}
      maxLength={inputLimits.otpLength}
      label={t('code')}
      hint={t('codeHint')}
      error={error}
    />
  );
}

export function NewPasswordField({ name, label, error }: { name: string; label: string; error: string | undefined }) {
  const t = useTranslations('Auth.fields');
  return (
    <FormField
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={inputLimits.passwordMinLength}
      maxLength={256}
      label={label}
      hint={t('passwordHint')}
      error={error}
    />
  );
}

/** The end of a flow that leaves the person ready to sign in. */
export function ReadyToSignIn({ message, linkLabel }: { message: string; linkLabel: string }) {
  return (
    <FormAlert tone="success">
      <p>{message}</p>
      <p>
        <a href="/api/auth/login?next=%2F">{linkLabel}</a>
      </p>
    </FormAlert>
  );
}
