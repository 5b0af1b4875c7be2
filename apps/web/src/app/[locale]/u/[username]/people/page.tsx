import { Username } from '@civitas/contract';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import type { Locale } from '@/i18n/locales';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';
import { ProfilePeople } from './profile-people';

interface PageProps {
  params: Promise<{ locale: Locale; username: string }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'People.profilePeople' });
  const app = await getTranslations({ locale, namespace: 'App' });
  return { title: `${t('title')} · ${app('name')}` };
}

/** Creators this person follows and friends of theirs whom I might follow or befriend (citizens only). */
export default async function ProfilePeoplePage({ params }: PageProps) {
  const { locale, username } = await params;
  setRequestLocale(locale);
  if (!Username.safeParse(username).success) notFound();
  if ((await getServerSession()).kind !== 'citizen') redirect(signInHref(`/u/${username}/people`));
  return (
    <StoreProvider>
      <ProfilePeople username={username} />
    </StoreProvider>
  );
}
