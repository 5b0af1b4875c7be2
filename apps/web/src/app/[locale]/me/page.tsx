import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import { MyProfile } from '@/components/profile/my-profile';
import type { Locale } from '@/i18n/locales';
import { privatePageMetadata } from '@/server/private-page';
import { readMe } from '@/server/read-me';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';

interface PageProps {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Profile' });
  return privatePageMetadata(locale, t('myProfileTitle'));
}

/**
 * My own profile. Only for citizens: a guest is sent to sign in and comes back here. The server reads my
 * profile for the first paint; the client's copy then keeps it current.
 */
export default async function MyProfilePage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  const session = await getServerSession();
  if (session.kind !== 'citizen') redirect(signInHref('/me'));
  const me = await readMe(session.token);
  return (
    <StoreProvider>
      <MyProfile initial={me.ok ? me.data : null} />
    </StoreProvider>
  );
}
