import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResendCodeForm } from './resend-code-form';
import { VerifyEmailForm } from './verify-email-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.verify');
  return { title: t('title') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Entering the 6-digit code from the sign-up email (`?influencerId=` names the account). */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ influencerId?: string }> }) {
  const t = await getTranslations('Auth.verify');
  const { influencerId } = await searchParams;
  return (
    <article>
      <h1>{t('title')}</h1>
      <VerifyEmailForm
        influencerId={influencerId && UUID.test(influencerId) ? influencerId.toLowerCase() : null}
        resend={
          <section aria-labelledby="resend-heading">
            <h2 id="resend-heading">{t('resendHeading')}</h2>
            <p>{t('resendIntro')}</p>
            <ResendCodeForm />
          </section>
        }
      />
    </article>
  );
}
