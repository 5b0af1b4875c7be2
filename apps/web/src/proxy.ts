import { PREFERENCE_COOKIE_MAX_AGE_SECONDS } from '@civitas/contract/routes-table';
import { type NextRequest, NextResponse } from 'next/server';
import { HOME_FEED_COOKIE, homeFeedParam, parseHomeFeed } from './home/home-feed';
import { chooseLocale, forcedLocale } from './i18n/choose-locale';
import { displayLanguageParam, languageCookie, localeHeader } from './i18n/locales';
import { sessionCookieNames } from './session/cookie-names';
import { type Renewal, renewSession } from './session/renew-session';
import { requestPathHeader } from './session/request-path';
import { saveLanguageToProfile } from './session/save-language';
import { applyCookieChanges } from './session/set-cookie';
import { parseTheme, THEME_COOKIE, themeHeader, themeParam } from './theme/theme';

/**
 * Public paths carry no locale (ADR 003): the language is chosen per request and the path is rewritten to the
 * internal `/[locale]/...` tree, whose pages are prerendered once per locale. An expiring citizen token is
 * renewed here, before the page renders with it (docs/product.md §4; ADR 006).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const displayLanguage = request.nextUrl.searchParams.get(displayLanguageParam);
  const remembered = request.cookies.get(languageCookie)?.value;
  const locale = chooseLocale({ displayLanguage, remembered, acceptLanguage: request.headers.get('accept-language') });
  const toRemember = forcedLocale(displayLanguage);
  const url = request.nextUrl.clone();
  url.pathname = `/${locale}${request.nextUrl.pathname === '/' ? '' : request.nextUrl.pathname}`;
  // Overwritten on every request, so a client cannot smuggle in a value of its own.
  const headers = new Headers(request.headers);
  headers.set(localeHeader, locale);
  headers.set(requestPathHeader, request.nextUrl.pathname + request.nextUrl.search);
  const chosenTheme = parseTheme(request.nextUrl.searchParams.get(themeParam));
  headers.set(themeHeader, chosenTheme ?? parseTheme(request.cookies.get(THEME_COOKIE)?.value) ?? 'system');
  const renewal = await renewSession((name) => request.cookies.get(name)?.value);
  if (renewal) headers.set('cookie', applyCookieChanges(request.headers.get('cookie') ?? '', renewal.changes));
  // Next sets its own Vary header on pages; the API process adds Accept-Language to it (apps/api/src/web/mount.ts).
  const response = NextResponse.rewrite(url, { request: { headers } });
  for (const setCookie of renewal?.setCookies ?? []) response.headers.append('set-cookie', setCookie);
  // A choice made here (a link of this site, or an address typed in), not a link followed from elsewhere: the
  // session cookies go along with that too (SameSite=Lax), and any site could otherwise set a citizen's language
  // for all their devices and emails. Such a page still shows in the language it asks for; nothing is remembered.
  const fetchSite = request.headers.get('sec-fetch-site');
  const chosenHere = fetchSite === null || fetchSite === 'same-origin' || fetchSite === 'none';
  if (toRemember && toRemember !== remembered && chosenHere) {
    // Only on a change, so a page view costs nothing; the profile is what the citizen's other devices adopt.
    const token = citizenToken(request, renewal);
    if (token) await saveLanguageToProfile(toRemember, token);
    rememberChoice(response, languageCookie, toRemember, request);
  }
  // "system" forgets the choice: the stylesheet follows the system again (ADR 063).
  if (chosenTheme && chosenHere) {
    rememberChoice(response, THEME_COOKIE, chosenTheme === 'system' ? null : chosenTheme, request);
  }
  // The home's tab (ADR 081): "stage" is the default, so choosing it forgets the choice.
  const chosenFeed = parseHomeFeed(request.nextUrl.searchParams.get(homeFeedParam));
  if (chosenFeed && chosenHere) {
    rememberChoice(response, HOME_FEED_COOKIE, chosenFeed === 'stage' ? null : chosenFeed, request);
  }
  return response;
}

/**
 * A choice the person made here (the language, the theme, the home's feed: preferences, kept without asking for consent), remembered
 * for a year in an httpOnly cookie of the whole site; null forgets it.
 */
function rememberChoice(response: NextResponse, name: string, value: string | null, request: NextRequest): void {
  if (value === null) {
    response.cookies.delete(name);
    return;
  }
  response.cookies.set(name, value, {
    path: '/',
    maxAge: PREFERENCE_COOKIE_MAX_AGE_SECONDS,
    sameSite: 'lax',
    httpOnly: true,
    secure: request.nextUrl.protocol === 'https:',
  });
}

/** The citizen token this request renders with: the renewed one when the proxy just renewed it. */
function citizenToken(request: NextRequest, renewal: Renewal | null): string | undefined {
  const name = sessionCookieNames().citizenToken;
  const renewed = renewal?.changes.findLast((change) => change.name === name);
  return renewed ? (renewed.value ?? undefined) : request.cookies.get(name)?.value;
}

export const config = {
  // Everything but Next's own assets and files with an extension (favicon.ico, robots.txt, ...).
  matcher: ['/((?!_next/|.*\\..*).*)'],
};
