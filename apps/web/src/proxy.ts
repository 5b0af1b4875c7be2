import { type NextRequest, NextResponse } from 'next/server';
import { chooseLocale } from './i18n/choose-locale';
import { displayLanguageParam, localeHeader } from './i18n/locales';

/**
 * Public paths carry no locale (ADR 003): the language is chosen per request and the path is rewritten to the
 * internal `/[locale]/...` tree, whose pages are prerendered once per locale.
 */
export function proxy(request: NextRequest): NextResponse {
  const locale = chooseLocale({
    displayLanguage: request.nextUrl.searchParams.get(displayLanguageParam),
    acceptLanguage: request.headers.get('accept-language'),
  });
  const url = request.nextUrl.clone();
  url.pathname = `/${locale}${request.nextUrl.pathname === '/' ? '' : request.nextUrl.pathname}`;
  // Overwritten on every request, so a client cannot smuggle in a value of its own.
  const headers = new Headers(request.headers);
  headers.set(localeHeader, locale);
  // Next sets its own Vary header on pages; the API process adds Accept-Language to it (apps/api/src/web.ts).
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = {
  // Everything but Next's own assets and files with an extension (favicon.ico, robots.txt, ...).
  matcher: ['/((?!_next/|.*\\..*).*)'],
};
