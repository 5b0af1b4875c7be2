import { Username } from '@civitas/contract';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import { CountList, type CountListKind } from '@/components/people/count-list';
import type { Locale } from '@/i18n/locales';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';

export interface CountListPageProps {
  params: Promise<{ locale: Locale; username: string }>;
}

export async function countListMetadata(params: CountListPageProps['params'], kind: CountListKind): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'People.counts' });
  const app = await getTranslations({ locale, namespace: 'App' });
  return { title: `${t(`${kind}.title`)} · ${app('name')}` };
}

/**
 * The people behind one of a profile's counts (`/u/<username>/followers`, `/following`, `/friends`; ADR 080).
 * Citizens only, as the calls are: a guest signs in first and comes back here.
 */
export async function CountListPage({ params, kind }: CountListPageProps & { kind: CountListKind }) {
  const { locale, username } = await params;
  setRequestLocale(locale);
  if (!Username.safeParse(username).success) notFound();
  if ((await getServerSession()).kind !== 'citizen') redirect(signInHref(`/u/${username}/${kind}`));
  return (
    <StoreProvider>
      <CountList username={username} kind={kind} />
    </StoreProvider>
  );
}
