import { headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { defaultLocale, isLocale, type Locale, localeHeader } from './locales';
import { type Messages, namespaces } from './namespaces';

/**
 * The locale of a render: an explicit override, else the `[locale]` segment (prerendered pages call
 * setRequestLocale), else the proxy's choice for this request (dynamic renders such as the not-found page, whose
 * parts may ask for messages before the layout has set the locale).
 */
export default getRequestConfig(async ({ locale: explicit, requestLocale }) => {
  const requested = explicit ?? (await requestLocale) ?? (await headers()).get(localeHeader);
  const locale = isLocale(requested) ? requested : defaultLocale;
  return { locale, messages: await loadMessages(locale) };
});

/** Every namespace file of a locale, as one messages object. */
async function loadMessages(locale: Locale): Promise<Messages> {
  const files = await Promise.all(
    namespaces.map(async (namespace) => [
      namespace,
      (await import(`../../messages/${locale}/${namespace}.json`)).default,
    ]),
  );
  return Object.fromEntries(files) as Messages;
}
