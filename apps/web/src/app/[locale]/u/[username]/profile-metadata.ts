import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { PROFILE_PICTURE_PLACEHOLDER } from '@/components/people/avatar';
import type { PublicProfile } from '@/components/profile/profile-header';
import type { Locale } from '@/i18n/locales';

/** The public origin: PUBLIC_URL, or the host the request came to (a proxy's forwarded host first). */
async function publicOrigin(): Promise<string | undefined> {
  const configured = process.env.PUBLIC_URL;
  if (configured && URL.canParse(configured)) return new URL(configured).origin;
  const request = await headers();
  const host = request.get('x-forwarded-host')?.split(',')[0]?.trim() || request.get('host');
  if (!host) return undefined;
  const protocol = request.get('x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
  return `${protocol}://${host}`;
}

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
    ...(url ? { alternates: { canonical: url } } : {}),
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
