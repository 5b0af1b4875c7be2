'use client';

import type { BodyOf, requestPasswordReset } from '@civitas/contract';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import styles from '../_components/auth.module.css';
import { postJson } from '../_components/call-api';
import { useFailureMessages } from '../_components/failure-message';
import { FormAlert } from '../_components/form-alert';
import { FormField } from '../_components/form-field';
import { rememberResetEmail } from '../_components/reset-email';

/** The API answers alike whether or not the address has an account, so the page does too. */
export function ForgotPasswordForm() {
  const t = useTranslations('Auth');
  const failures = useFailureMessages();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: BodyOf<typeof requestPasswordReset> = {
      email: String(new FormData(event.currentTarget).get('email') ?? '').trim(),
    };
    setBusy(true);
    setError(null);
    const outcome = await postJson('/api/identity/v1/password-reset', body);
    setBusy(false);
    if (outcome.ok) {
      rememberResetEmail(body.email);
      setSent(true);
    } else {
      setError(failures.general(outcome));
    }
  }

  return (
    <>
      {sent ? (
        <FormAlert tone="success">
          <p>{t('forgot.sent')}</p>
          <p>
            <Link href="/reset-password">{t('forgot.enterCode')}</Link>
          </p>
        </FormAlert>
      ) : null}
      <form className={styles.form} onSubmit={submit} aria-busy={busy}>
        {error ? (
          <FormAlert tone="error">
            <p>{error}</p>
          </FormAlert>
        ) : null}
        <FormField name="email" type="email" autoComplete="email" required maxLength={254} label={t('fields.email')} />
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? t('forgot.submitting') : t('forgot.submit')}
        </button>
      </form>
      <p className={styles.aside}>
        <Link href="/reset-password">{t('forgot.enterCode')}</Link>
      </p>
    </>
  );
}
