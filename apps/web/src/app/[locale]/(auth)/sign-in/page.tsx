import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/link';
import { getServerSession } from '@/session/server-session';
import styles from '../_components/auth.module.css';
import { FormAlert } from '../_components/form-alert';
import { SignInForm } from './sign-in-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.signIn');
  return { title: t('title') };
}

/** Starting over goes through the own-origin login route, which begins a fresh authorization request. */
const restartSignInHref = '/api/auth/login?next=%2F';

interface SignInPageProps {
  searchParams: Promise<{ interaction?: string | string[]; error?: string | string[] }>;
}

/**
 * The sign-in step of authorization code + PKCE (ADR 005): the authorize endpoint sends the browser here with
 * a sealed `interaction`. Typed in by hand, the page starts that flow itself. The callback comes back here
 * with `?error=` when the exchange failed. Someone already signed in (back here with the browser's Back
 * button, say) goes to the stage: a form whose sign-in request was spent could only fail.
 */
export default async function SignInPage({ searchParams }: SignInPageProps) {
  if ((await getServerSession()).kind === 'citizen') redirect('/');
  const { interaction, error } = await searchParams;
  if (typeof interaction !== 'string' || interaction.length === 0) {
    if (error === undefined) redirect(restartSignInHref);
  }
  const t = await getTranslations('Auth');
  return (
    <article>
      <h1>{t('signIn.title')}</h1>
      <p>{t('signIn.intro')}</p>
      {typeof interaction === 'string' && interaction.length > 0 ? (
        <SignInForm interaction={interaction} restartHref={restartSignInHref} />
      ) : (
        <FormAlert tone="error">
          <p>{t('errors.callbackFailed')}</p>
          <p>
            <a href={restartSignInHref}>{t('errors.restartSignIn')}</a>
          </p>
        </FormAlert>
      )}
      <p className={styles.aside}>
        <Link href="/forgot-password" prefetch={false}>
          {t('signIn.forgotPassword')}
        </Link>
      </p>
      <p className={styles.aside}>
        {t('signIn.noAccount')}{' '}
        <Link href="/sign-up" prefetch={false}>
          {t('signIn.createAccount')}
        </Link>
      </p>
    </article>
  );
}
