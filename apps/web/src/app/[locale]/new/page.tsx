import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import { Composer } from '@/components/composer/composer';
import type { Locale } from '@/i18n/locales';
import { privatePageMetadata } from '@/server/private-page';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';

interface PageProps {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Compose' });
  return privatePageMetadata(locale, t('metaTitle'));
}

/**
 * The composer (ADR 009). Citizens only: a guest is sent to sign in and comes back here. Its messages travel
 * with this page alone, not with every page's.
 */
export default async function NewPostPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await getServerSession();
  if (session.kind !== 'citizen') redirect(signInHref('/new'));
  const t = await getTranslations('Compose');
  const messages = await getMessages();
  return (
    <NextIntlClientProvider locale={locale} messages={{ Compose: messages.Compose, Errors: messages.Errors }}>
      <h1>{t('heading')}</h1>
      <StoreProvider>
        <Composer />
      </StoreProvider>
    </NextIntlClientProvider>
  );
}
