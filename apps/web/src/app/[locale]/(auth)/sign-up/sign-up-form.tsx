'use client';

import type { BodyOf, ResponseOf, signUp } from '@civitas/contract';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { FormEvent } from 'react';
import { NewPasswordField } from '../_components/account-fields';
import styles from '../_components/auth.module.css';
import { languageNames } from '../_components/countries';
import { FormField } from '../_components/form-field';
import { rememberPendingVerification } from '../_components/pending-verification';
import { useApiForm } from '../_components/use-api-form';

interface SignUpFormProps {
  locale: string;
  countries: { code: string; name: string }[];
  defaultCountry: string;
}

export function SignUpForm({ locale, countries, defaultCountry }: SignUpFormProps) {
  const t = useTranslations('Auth');
  const router = useRouter();
  const { busy, fieldErrors, send, errorAlert } = useApiForm();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: BodyOf<typeof signUp> = {
      email: String(form.get('email') ?? ''),
      username: String(form.get('username') ?? ''),
      displayName: String(form.get('displayName') ?? ''),
      password: String(form.get('password') ?? ''),
      country: String(form.get('country') ?? defaultCountry),
      language: String(form.get('language') ?? locale) as BodyOf<typeof signUp>['language'],
    };
    const outcome = await send<ResponseOf<typeof signUp>>('/api/identity/v1/accounts', body);
    if (outcome.ok) {
      rememberPendingVerification({ influencerId: outcome.data.influencerId, email: body.email });
      router.push(`/verify-email?influencerId=${encodeURIComponent(outcome.data.influencerId)}`);
    }
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
        label={t('fields.email')}
        error={fieldErrors.email}
      />
      <FormField
        name="username"
        autoComplete="username"
        required
        minLength={3}
        maxLength={30}
        pattern="[A-Za-z0-9_]+"
        autoCapitalize="none"
        spellCheck={false}
        label={t('fields.username')}
        hint={t('fields.usernameHint')}
        error={fieldErrors.username}
      />
      <FormField
        name="displayName"
        autoComplete="name"
        required
        maxLength={60}
        label={t('fields.displayName')}
        error={fieldErrors.displayName}
      />
      <NewPasswordField name="password" label={t('fields.password')} error={fieldErrors.password} />
      <div className={styles.field}>
        <label htmlFor="field-country">{t('fields.country')}</label>
        <select id="field-country" name="country" defaultValue={defaultCountry} autoComplete="country">
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="field-language">{t('fields.language')}</label>
        <select id="field-language" name="language" defaultValue={locale}>
          {Object.entries(languageNames).map(([code, name]) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={styles.button} disabled={busy}>
        {busy ? t('signUp.submitting') : t('signUp.submit')}
      </button>
    </form>
  );
}
