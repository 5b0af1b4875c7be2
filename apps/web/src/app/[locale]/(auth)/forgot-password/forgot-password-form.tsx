'use client';

import type { BodyOf, requestPasswordReset } from '@civitas/contract';
import { RESET_LINK_TTL_MS } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import styles from '../_components/auth.module.css';
import { FormAlert } from '../_components/form-alert';
import { FormField } from '../_components/form-field';
import { useApiForm } from '../_components/use-api-form';

/** The API answers alike whether or not the address has an account, so the page does too. */
export function ForgotPasswordForm() {
  const t = useTranslations('Auth');
  const { busy, send, errorAlert } = useApiForm();
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: BodyOf<typeof requestPasswordReset> = {
      email: String(new FormData(event.currentTarget).get('email') ?? '').trim(),
    };
    if ((await send('/api/identity/v1/password-reset', body)).ok) setSent(true);
  }

  return (
    <>
      {sent ? (
        <FormAlert tone="success">
          <p>{t('forgot.sent', { minutes: RESET_LINK_TTL_MS / 60_000 })}</p>
        </FormAlert>
      ) : null}
      <form method="post" className={styles.form} onSubmit={submit} aria-busy={busy}>
        {errorAlert}
        <FormField name="email" type="email" autoComplete="email" required maxLength={254} label={t('fields.email')} />
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? t('forgot.submitting') : t('forgot.submit')}
        </button>
      </form>
    </>
  );
}
