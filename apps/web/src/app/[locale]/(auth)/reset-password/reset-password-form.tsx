'use client';

import type { BodyOf, confirmPasswordReset } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { CodeField, NewPasswordField, ReadyToSignIn } from '../_components/account-fields';
import styles from '../_components/auth.module.css';
import { FormField } from '../_components/form-field';
import { forgetResetEmail, resetEmail } from '../_components/reset-email';
import { useApiForm } from '../_components/use-api-form';

export function ResetPasswordForm() {
  const t = useTranslations('Auth');
  const { busy, fieldErrors, send, errorAlert } = useApiForm();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);

  useEffect(() => {
    setEmail((current) => current || resetEmail());
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: BodyOf<typeof confirmPasswordReset> = {
      email: email.trim(),
      otpCode: String(form.get('otpCode') ?? '').trim(),
      newPassword: String(form.get('newPassword') ?? ''),
    };
    if ((await send('/api/identity/v1/password-reset/confirm', body)).ok) {
      forgetResetEmail();
      setDone(true);
    }
  }

  if (done) {
    return <ReadyToSignIn message={t('reset.done')} linkLabel={t('reset.signIn')} />;
  }
  return (
    <form method="post" className={styles.form} onSubmit={submit} aria-busy={busy}>
      {errorAlert}
      <FormField
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        label={t('fields.email')}
        error={fieldErrors.email}
      />
      <CodeField error={fieldErrors.otpCode} />
      <NewPasswordField name="newPassword" label={t('fields.newPassword')} error={fieldErrors.newPassword} />
      <button type="submit" className={styles.button} disabled={busy}>
        {busy ? t('reset.submitting') : t('reset.submit')}
      </button>
    </form>
  );
}
