'use client';

import type { BodyOf, confirmPasswordReset } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { NewPasswordField, ReadyToSignIn } from '../_components/account-fields';
import styles from '../_components/auth.module.css';
import { FormAlert } from '../_components/form-alert';
import { useApiForm } from '../_components/use-api-form';

/** The token of the emailed link, from the address's fragment (`#token=…`), which no request ever carries. */
const tokenInAddress = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

export function ResetPasswordForm() {
  const t = useTranslations('Auth');
  const { busy, fieldErrors, send, errorAlert } = useApiForm();
  // undefined until the address has been read: the server cannot see the fragment.
  const [token, setToken] = useState<string>();
  const [done, setDone] = useState(false);

  useEffect(() => {
    setToken(tokenInAddress());
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: BodyOf<typeof confirmPasswordReset> = {
      token: token ?? '',
      newPassword: String(new FormData(event.currentTarget).get('newPassword') ?? ''),
    };
    if ((await send('/api/identity/v1/password-reset/confirm', body)).ok) setDone(true);
  }

  if (done) {
    return <ReadyToSignIn message={t('reset.done')} linkLabel={t('reset.signIn')} />;
  }
  if (token === '') {
    return (
      // The page's own "Get a new link" follows.
      <FormAlert tone="error">
        <p>{t('reset.missingLink')}</p>
      </FormAlert>
    );
  }
  return (
    <form method="post" className={styles.form} onSubmit={submit} aria-busy={busy}>
      {errorAlert}
      <NewPasswordField name="newPassword" label={t('fields.newPassword')} error={fieldErrors.newPassword} />
      <button type="submit" className={styles.button} disabled={busy || token === undefined}>
        {busy ? t('reset.submitting') : t('reset.submit')}
      </button>
    </form>
  );
}
