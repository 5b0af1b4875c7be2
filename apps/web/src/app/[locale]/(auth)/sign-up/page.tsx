import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/components/link';
import { getServerSession } from '@/session/server-session';
import styles from '../_components/auth.module.css';
import { countryOptions, defaultCountryFor } from '../_components/countries';
import { SignUpForm } from './sign-up-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.signUp');
  return { title: t('title') };
}

/**
 * Creating an account: the form posts to the API, then the person confirms their email with a code. Someone
 * signed in goes to the stage instead (signing out comes first).
 */
export default async function SignUpPage() {
  if ((await getServerSession()).kind === 'citizen') redirect('/');
  const t = await getTranslations('Auth.signUp');
  const locale = await getLocale();
  return (
    <article>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <SignUpForm
        locale={locale}
        countries={countryOptions(locale)}
        defaultCountry={defaultCountryFor[locale] ?? 'GB'}
      />
      <p className={styles.aside}>
        {t('haveAccount')} <a href="/api/auth/login?next=%2F">{t('signIn')}</a>
      </p>
      <p className={styles.aside}>
        <Link href="/forgot-password" prefetch={false}>
          {(await getTranslations('Auth.signIn'))('forgotPassword')}
        </Link>
      </p>
    </article>
  );
}
