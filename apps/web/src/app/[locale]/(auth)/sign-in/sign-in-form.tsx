'use client';

import type { BodyOf, ResponseOf, signIn } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import type { FormEvent } from 'react';
import { Link } from '@/components/link';
import styles from '../_components/auth.module.css';
import { FormField } from '../_components/form-field';
import { useApiForm } from '../_components/use-api-form';

interface SignInFormProps {
  interaction: string;
  restartHref: string;
}

/**
 * Posts the credentials with the sealed interaction; the API answers where to send the browser (the web
 * session's callback with a single-use code), so the password never leaves this form for anywhere else.
 */
export function SignInForm({ interaction, restartHref }: SignInFormProps) {
  const t = useTranslations('Auth');
  const { busy, send, showError, errorAlert } = useApiForm();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: BodyOf<typeof signIn> = {
      login: String(form.get('login') ?? '').trim(),
      password: String(form.get('password') ?? ''),
      interaction,
    };
    const outcome = await send<ResponseOf<typeof signIn>>('/api/identity/v1/sign-in', body);
    if (outcome.ok) {
      window.location.assign(outcome.data.redirectUrl);
    } else if (outcome.code === 'EMAIL_NOT_VERIFIED') {
      showError(
        <>
          <p>{t('errors.emailNotVerified')}</p>
          <p>
            <Link href={outcome.recoveryPath ?? '/verify-email'}>{t('errors.verifyEmail')}</Link>
          </p>
        </>,
      );
    } else if (outcome.code === 'SIGN_IN_REQUEST_EXPIRED') {
      showError(
        <>
          <p>{t('errors.signInExpired')}</p>
          <p>
            <a href={restartHref}>{t('errors.restartSignIn')}</a>
          </p>
        </>,
      );
    }
  }

  return (
    // `post`: a form sent before the page's scripts have run (the browser sends it itself) must not put the
    // password in the address, where it would reach history and request logs. Every form of ours says so.
    <form method="post" className={styles.form} onSubmit={submit} aria-busy={busy}>
      {errorAlert}
      <FormField
        name="login"
        autoComplete="username"
        required
        maxLength={254}
        autoCapitalize="none"
        spellCheck={false}
        label={t('fields.login')}
      />
      <FormField
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={256}
        label={t('fields.password')}
      />
      <button type="submit" className={styles.button} disabled={busy}>
        {busy ? t('signIn.submitting') : t('signIn.submit')}
      </button>
    </form>
  );
}
