import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import { NotificationsScreen } from '@/components/notifications/notifications-screen';
import type { Locale } from '@/i18n/locales';
import { privatePageMetadata } from '@/server/private-page';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';

interface PageProps {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Notifications' });
  return privatePageMetadata(locale, t('title'));
}

/**
 * My notifications (ADR 077, 078): read in the browser through their own slice, live while the screen is open.
 * Citizens only: a guest signs in first and comes back here. Its messages travel with this page alone.
 */
export default async function NotificationsPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  if ((await getServerSession()).kind !== 'citizen') redirect(signInHref('/notifications'));
  const messages = await getMessages();
  return (
    <NextIntlClientProvider
      locale={locale}
      messages={{
        Notifications: messages.Notifications,
        Errors: messages.Errors,
        Feed: messages.Feed,
        Post: messages.Post,
      }}
    >
      <StoreProvider>
        <NotificationsScreen />
      </StoreProvider>
    </NextIntlClientProvider>
  );
}
