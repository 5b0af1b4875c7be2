import type messages from '../messages/en.json';
import type { Locale } from './i18n/locales';

// Message keys and locales are checked at build time: a typo in a key fails `next build`.
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
