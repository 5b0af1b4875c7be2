import { Id } from '@civitas/contract';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import { PostLikers } from '@/components/people/post-likers';
import type { Locale } from '@/i18n/locales';
import { privatePageMetadata } from '@/server/private-page';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';

interface PageProps {
  params: Promise<{ locale: Locale; id: string }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'People.counts.likers' });
  return privatePageMetadata(locale, t('title'));
}

/**
 * The people who liked a post (`/p/<id>/likers`, ADR 080), opened from its like count. Citizens only, as the call
 * is: a guest signs in first and comes back here.
 */
export default async function PostLikersPage({ params }: PageProps) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!Id.safeParse(id).success) notFound();
  if ((await getServerSession()).kind !== 'citizen') redirect(signInHref(`/p/${id}/likers`));
  return (
    <StoreProvider>
      <PostLikers postId={id} />
    </StoreProvider>
  );
}
