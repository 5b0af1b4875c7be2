import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ForgotPasswordForm } from './forgot-password-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.forgot');
  return { title: t('title') };
}

/** Step one of a password reset: a code is emailed to the address. */
export default async function ForgotPasswordPage() {
  const t = await getTranslations('Auth.forgot');
  return (
    <article>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <ForgotPasswordForm />
    </article>
  );
}
