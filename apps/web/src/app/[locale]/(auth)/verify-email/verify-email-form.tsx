'use client';

import type { BodyOf, ResponseOf, verifyEmail } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from '@/components/link';
import { CodeField, ReadyToSignIn } from '../_components/account-fields';
import styles from '../_components/auth.module.css';
import { forgetPendingVerification, pendingVerification } from '../_components/pending-verification';
import { useApiForm } from '../_components/use-api-form';

/**
 * The code form. Without an id in the URL it falls back to the account this browser just signed up. `resend`
 * (asking for a new code) follows it until the address is confirmed, when there is nothing more to ask for.
 */
export function VerifyEmailForm({ influencerId, resend }: { influencerId: string | null; resend: ReactNode }) {
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
    return <ReadyToSignIn message={t('verify.done')} linkLabel={t('verify.signIn')} />;
  }
  if (!checked) return resend;
  if (!account) {
    return (
      <>
        <p>
          {t('verify.noAccount')} <Link href="/forgot-password">{t('verify.resetInstead')}</Link>
        </p>
        {resend}
      </>
    );
  }
  return (
    <>
      <p>{t('verify.intro')}</p>
      <form method="post" className={styles.form} onSubmit={submit} aria-busy={busy}>
        {errorAlert}
        <CodeField error={fieldErrors.otpCode} />
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? t('verify.submitting') : t('verify.submit')}
        </button>
      </form>
      {resend}
    </>
  );
}
