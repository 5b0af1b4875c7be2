import type { Metadata, Viewport } from 'next';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { FriendsMediaRetry } from '@/components/post/friends-media-retry';
import { AppProviders } from '@/components/shell/app-providers';
import { ConsentBanner, ConsentSettingsButton } from '@/components/shell/consent-banner';
import { LanguageLinks } from '@/components/shell/language-links';
import { LogoMark } from '@/components/shell/logo-mark';
import { MainNav } from '@/components/shell/main-nav';
import { ThemeLinks } from '@/components/shell/theme-links';
import { CONSENT_COOKIE, parseConsent } from '@/consent/consent';
import { isLocale, locales } from '@/i18n/locales';
import type { Namespace } from '@/i18n/namespaces';
import { errorReportingSettings } from '@/server/error-reporting-settings';
import { requestPathHeader, signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';
import { ConsentedServices } from '@/telemetry/consented-services';
import { dataTheme, parseTheme, themeHeader } from '@/theme/theme';
import { SessionNav } from './(auth)/_components/session-nav';
import './tokens.css';
import './globals.css';

interface LayoutProps {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}

/**
 * The namespaces client components read (`useTranslations` in client files): only these travel to the browser
 * with every page; the others (App, Home, Layout, Metadata, NotFound) are used by server components alone.
 */
const clientNamespaces = [
  'Auth',
  'Carousel',
  'Errors',
  'Feed',
  'People',
  'Post',
  'PostDetail',
  'Profile',
  'Safety',
  'Shell',
] as const satisfies readonly Namespace[];

// Only the six locales exist; every page is prerendered once per locale.
export const dynamicParams = false;

export function generateStaticParams(): { locale: string }[] {
  return locales.map((locale) => ({ locale }));
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  // The browser's own bars in the page's colours (tokens.css's surface), in either theme.
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#111114' },
  ],
};

export async function generateMetadata({ params }: Omit<LayoutProps, 'children'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale });
  return {
    title: t('App.name'),
    description: t('Metadata.description'),
    icons: {
      icon: { url: '/favicon.png', type: 'image/png', sizes: '64x64' },
      apple: { url: '/app-icon-192.png', sizes: '192x192' },
    },
    // Installable as an app on a phone's home screen (public/manifest.webmanifest).
    manifest: '/manifest.webmanifest',
  };
}

/**
 * The application wrapper page: a one-row header (the logo and the product name; the account menu or sign-in),
 * the navigation (a tab bar on a phone, a rail beside the column on wider screens: shell.module.css), the main
 * content and the footer (languages, theme, privacy settings). The theme is rendered on <html> (ADR 063).
 */
export default async function LocaleLayout({ children, params }: LayoutProps) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations('Layout');
  const app = await getTranslations('App');
  const shell = await getTranslations('Shell');
  const session = await getServerSession();
  const consentAnswered = parseConsent((await cookies()).get(CONSENT_COOKIE)?.value) !== null;
  const requestHeaders = await headers();
  const theme = parseTheme(requestHeaders.get(themeHeader)) ?? 'system';
  const messages = await getMessages();
  const clientMessages = Object.fromEntries(clientNamespaces.map((namespace) => [namespace, messages[namespace]]));

  return (
    <html lang={locale} data-theme={dataTheme(theme)}>
      <body>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider messages={clientMessages}>
          <AppProviders closeLabel={shell('closeToast')}>
            {/* The top progress bar, shown while a link's navigation is pending (components/navigation-pending.tsx). */}
            <div className="navigation-progress" aria-hidden="true" />
            <div className="page">
              <header className="site-header">
                <Link className="product-name" href="/">
                  <LogoMark />
                  {app('name')}
                </Link>
                <SessionNav theme={theme} />
                {/* Inside the header for its landmark; placed as a tab bar or a rail by its own styles. */}
                <MainNav
                  signedIn={session.kind === 'citizen'}
                  signInHref={signInHref(requestHeaders.get(requestPathHeader))}
                />
              </header>
              <main id="main" tabIndex={-1}>
                {children}
              </main>
              <footer className="site-footer">
                <p>{t('footer')}</p>
                <LanguageLinks />
                <ThemeLinks current={theme} />
                <p>
                  <ConsentSettingsButton />
                </p>
                <p>
                  <a href="/api/docs">{t('apiDocs')}</a>
                </p>
              </footer>
            </div>
            <ConsentBanner initiallyOpen={!consentAnswered} />
            <ConsentedServices errorReporting={errorReportingSettings()} />
            <FriendsMediaRetry />
          </AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
