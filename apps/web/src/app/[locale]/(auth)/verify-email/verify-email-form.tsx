'use client';

import type { BodyOf, ResponseOf, verifyEmail } from '@civitas/contract';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import styles from '../_components/auth.module.css';
import { FormAlert } from '../_components/form-alert';
import { FormField } from '../_components/form-field';
import { forgetPendingVerification, pendingVerification } from '../_components/pending-verification';
import { useApiForm } from '../_components/use-api-form';

/** The code form. Without an id in the URL it falls back to the account this browser just signed up. */
export function VerifyEmailForm({ influencerId }: { influencerId: string | null }) {
  const t = useTranslations('Auth');
  const { busy, fieldErrors, send, errorAlert } = useApiForm();
  const [account, setAccount] = useState<string | null>(influencerId);
  const [checked, setChecked] = useState(influencerId !== null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (influencerId === null) setAccount(pendingVerification()?.influencerId ?? null);
    setChecked(true);
  }, [influencerId]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!account) return;
    const body: BodyOf<typeof verifyEmail> = {
      influencerId: account,
      otpCode: String(new FormData(event.currentTarget).get('otpCode') ?? '').trim(),
    };
    if ((await send<ResponseOf<typeof verifyEmail>>('/api/users/influencers/verify-influencer-email', body)).ok) {
      forgetPendingVerification();
      setDone(true);
    }
  }

  if (done) {
    return (
      <FormAlert tone="success">
        <p>{t('verify.done')}</p>
        <p>
          <a href="/api/auth/login?next=%2F">{t('verify.signIn')}</a>
        </p>
      </FormAlert>
    );
  }
  if (!checked) return null;
  if (!account) {
    return (
      <p>
        {t('verify.noAccount')} <Link href="/forgot-password">{t('verify.resetInstead')}</Link>
      </p>
    );
  }
  return (
    <>
      <p>{t('verify.intro')}</p>
      <form className={styles.form} onSubmit={submit} aria-busy={busy}>
        {errorAlert}
        <FormField
          name="otpCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          pattern="[0-9]{6}"
          maxLength={6}
          label={t('fields.code')}
          hint={t('fields.codeHint')}
          error={fieldErrors.otpCode}
        />
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? t('verify.submitting') : t('verify.submit')}
        </button>
      </form>
    </>
  );
}
