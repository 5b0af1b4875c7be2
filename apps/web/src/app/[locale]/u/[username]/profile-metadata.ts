import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PROFILE_PICTURE_PLACEHOLDER } from '@/components/people/avatar';
import type { PublicProfile } from '@/components/profile/profile-header';
import { languageAlternates } from '@/i18n/alternates';
import type { Locale } from '@/i18n/locales';
import { publicOrigin } from '@/server/public-origin';

/**
 * Share previews of a profile (Open Graph type "profile", the picture as the image; crawlers need absolute
 * addresses). `path` is the page's own path: the profile, or its loved posts.
 */
export async function profileMetadata(
  profile: PublicProfile,
  { locale, path, title }: { locale: Locale; path: string; title?: string },
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Profile' });
  const app = await getTranslations({ locale, namespace: 'App' });
  const name = profile.displayName;
  // A name and a handle read the same in every language.
  const pageTitle = title ?? `${name} (@${profile.username})`;
  const description = profile.bio.replace(/\s+/g, ' ').trim() || t('metaDescription', { name });
  const origin = await publicOrigin();
  const absolute = (uri: string) => (origin ? new URL(uri, origin).href : undefined);
  const image = absolute(profile.profilePictureUri ?? PROFILE_PICTURE_PLACEHOLDER);
  const url = absolute(path);
  return {
    title: `${pageTitle} · ${app('name')}`,
    description,
    ...(url ? { alternates: languageAlternates(url) } : {}),
    openGraph: {
      type: 'profile',
      title: pageTitle,
      description,
      siteName: app('name'),
      username: profile.username,
      ...(url ? { url } : {}),
      ...(image ? { images: [{ url: image, alt: t('pictureAlt', { name }) }] } : {}),
    },
    twitter: { card: 'summary', title: pageTitle, description, ...(image ? { images: [image] } : {}) },
  };
}
