import type { Locale } from './i18n/locales';
import type { Messages as AppMessages } from './i18n/namespaces';

// Message keys and locales are checked at build time: a typo in a key fails `next build`.
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: AppMessages;
  }
}
