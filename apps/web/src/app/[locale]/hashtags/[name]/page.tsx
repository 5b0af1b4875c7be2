import { getHashtagFeed } from '@civitas/contract';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import styles from '@/components/people/people.module.css';
import type { Locale } from '@/i18n/locales';
import { getServerSession } from '@/session/server-session';
import { HashtagFeed } from './hashtag-feed';

interface PageProps {
  params: Promise<{ locale: Locale; name: string }>;
}

/** The tag as the feed call takes it, lower-cased like the links to it; null when it cannot be a hashtag. */
function tagOf(raw: string): string | null {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const parsed = getHashtagFeed.params.safeParse({ name: decoded });
  return parsed.success ? parsed.data.name.toLowerCase() : null;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, name } = await params;
  const tag = tagOf(name);
  if (!tag) return {};
  const t = await getTranslations({ locale, namespace: 'People.hashtag' });
  const app = await getTranslations({ locale, namespace: 'App' });
  return { title: `#${tag} · ${app('name')}`, description: t('description', { name: tag }) };
}

/** The public posts carrying a hashtag, newest first; guests read it too. */
export default async function HashtagPage({ params }: PageProps) {
  const { locale, name } = await params;
  setRequestLocale(locale);
  const tag = tagOf(name);
  if (!tag) notFound();
  const signedIn = (await getServerSession()).kind === 'citizen';
  return (
    <section aria-labelledby="hashtag-heading">
      {/* The tag itself, in no language: "#" and the name as people write it. */}
      <h1 id="hashtag-heading" className={styles.pageHeading}>
        #{tag}
      </h1>
      <StoreProvider>
        <HashtagFeed tag={tag} signedIn={signedIn} />
      </StoreProvider>
    </section>
  );
}
