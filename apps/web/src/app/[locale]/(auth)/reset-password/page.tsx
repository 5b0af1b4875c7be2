import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/link';
import styles from '../_components/auth.module.css';
import { ResetPasswordForm } from './reset-password-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.reset');
  return { title: t('title') };
}

/** Step two of a password reset, opened from the emailed link: a new password. */
export default async function ResetPasswordPage() {
  const t = await getTranslations('Auth.reset');
  return (
    <article>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <ResetPasswordForm />
      <p className={styles.aside}>
        {t('needLink')}{' '}
        <Link href="/forgot-password" prefetch={false}>
          {t('requestLink')}
        </Link>
      </p>
    </article>
  );
}
