import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import { Link } from '@/components/link';
import styles from '@/components/moderation/moderation.module.css';
import { ModerationLog } from '@/components/moderation/moderation-log';
import { ReportQueue } from '@/components/moderation/report-queue';
import type { Locale } from '@/i18n/locales';
import { privatePageMetadata } from '@/server/private-page';
import { readMe } from '@/server/read-me';
import { getServerSession } from '@/session/server-session';

interface PageProps {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ view?: string | string[] }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Moderation' });
  return privatePageMetadata(locale, t('title'));
}

/** Whether the visitor is a moderator: signed in, and their own profile names the role (ADR 073). */
async function isModerator(): Promise<boolean> {
  const session = await getServerSession();
  if (session.kind !== 'citizen') return false;
  const me = await readMe(session.token).catch(() => null);
  return me?.ok === true && me.data.roles.includes('moderator');
}

/**
 * The moderators' screen (docs/product.md §2, ADR 073): the reports queue, or the log (`?view=log`). Anyone
 * else, guests included, gets the not-found page: the screen is not shown, nor said to exist. The API refuses
 * them too (403 NOT_A_MODERATOR), so this check only spares them a screen they could not use. Its lists are read
 * in the browser through the moderators' own slice; its code and messages travel with this page alone.
 */
export default async function ModerationPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (!(await isModerator())) notFound();
  const view = (await searchParams).view === 'log' ? 'log' : 'queue';
  const t = await getTranslations('Moderation');
  const messages = await getMessages();
  return (
    <NextIntlClientProvider locale={locale} messages={{ Moderation: messages.Moderation, Errors: messages.Errors }}>
      <h1 className={styles.pageHeading}>{t('title')}</h1>
      <nav aria-label={t('views.label')} className={styles.views}>
        <Link href="/moderation" className={styles.view} aria-current={view === 'queue' ? 'page' : undefined}>
          {t('views.queue')}
        </Link>
        <Link href="/moderation?view=log" className={styles.view} aria-current={view === 'log' ? 'page' : undefined}>
          {t('views.log')}
        </Link>
      </nav>
      <StoreProvider>{view === 'log' ? <ModerationLog /> : <ReportQueue />}</StoreProvider>
    </NextIntlClientProvider>
  );
}
