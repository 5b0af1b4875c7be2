import { Username } from '@civitas/contract';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import type { Locale } from '@/i18n/locales';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';
import { MutualConnections } from './mutual-connections';

interface PageProps {
  params: Promise<{ locale: Locale; username: string }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'People.mutual' });
  const app = await getTranslations({ locale, namespace: 'App' });
  return { title: `${t('title')} · ${app('name')}` };
}

/** The people both I and this person are connected to (citizens only, docs/product.md §6). */
export default async function MutualPage({ params }: PageProps) {
  const { locale, username } = await params;
  setRequestLocale(locale);
  if (!Username.safeParse(username).success) notFound();
  if ((await getServerSession()).kind !== 'citizen') redirect(signInHref(`/u/${username}/mutual`));
  return (
    <StoreProvider>
      <MutualConnections username={username} />
    </StoreProvider>
  );
}
