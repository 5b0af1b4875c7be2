'use client';

import type { BodyOf, resendVerification } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import styles from '../_components/auth.module.css';
import { postJson } from '../_components/call-api';
import { useFailureMessages } from '../_components/failure-message';
import { FormAlert } from '../_components/form-alert';
import { FormField } from '../_components/form-field';
import { pendingVerification } from '../_components/pending-verification';

/** Asks for a fresh code; the API answers alike whether or not the address is known. */
export function ResendCodeForm() {
  const t = useTranslations('Auth');
  const failures = useFailureMessages();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    setEmail((current) => current || pendingVerification()?.email || '');
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: BodyOf<typeof resendVerification> = { email: email.trim() };
    setBusy(true);
    setMessage(null);
    const outcome = await postJson('/api/identity/v1/accounts/resend-verification', body);
    setBusy(false);
    setMessage(
      outcome.ok ? { tone: 'success', text: t('verify.resent') } : { tone: 'error', text: failures.general(outcome) },
    );
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} aria-busy={busy}>
      {message ? (
        <FormAlert tone={message.tone}>
          <p>{message.text}</p>
        </FormAlert>
      ) : null}
      <FormField
        name="resendEmail"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        label={t('fields.email')}
      />
      <button type="submit" className={styles.button} disabled={busy}>
        {busy ? t('verify.resending') : t('verify.resendSubmit')}
      </button>
    </form>
  );
}
