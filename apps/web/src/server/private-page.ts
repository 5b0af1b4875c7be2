import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';

/**
 * The metadata of a page that only a signed-in citizen is shown (my profile, the composer, Blocked and muted, the
 * moderation screen): its title beside the app's name, and kept out of search engines, which could only ever
 * reach the sign-in page or the not-found page there.
 */
export async function privatePageMetadata(locale: Locale, title: string): Promise<Metadata> {
  const app = await getTranslations({ locale, namespace: 'App' });
  return { title: `${title} · ${app('name')}`, robots: { index: false, follow: false } };
}
