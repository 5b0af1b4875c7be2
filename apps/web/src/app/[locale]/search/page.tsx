import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import { SearchScreen } from '@/components/search/search-screen';
import type { Locale } from '@/i18n/locales';
import { privatePageMetadata } from '@/server/private-page';
import { getServerSession } from '@/session/server-session';

interface PageProps {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Search' });
  // What a person searched for is theirs: the page is not for search engines, whoever opens it.
  return privatePageMetadata(locale, t('title'));
}

/**
 * Search (ADR 082), for guests and citizens: read in the browser as the person types. `?q=` opens it on a search
 * (Back from a result, or a link). Its messages travel with this page alone.
 */
export default async function SearchPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const asked = (await searchParams).q;
  const signedIn = (await getServerSession()).kind === 'citizen';
  const messages = await getMessages();
  return (
    <NextIntlClientProvider
      locale={locale}
      messages={{ Search: messages.Search, People: messages.People, Feed: messages.Feed, Errors: messages.Errors }}
    >
      <StoreProvider>
        <SearchScreen initialQuery={typeof asked === 'string' ? asked.slice(0, 60) : ''} signedIn={signedIn} />
      </StoreProvider>
    </NextIntlClientProvider>
  );
}
