/**
 * The interface languages (docs/product.md §1) and how a browser remembers the one chosen, shared by the API (sign-up,
 * emails, the sign-in callback) and the web app (the proxy that picks each page's language; ADR 003).
 * Zod-free, so the browser bundle may carry it.
 */
export const languages = ['en', 'de', 'es', 'fr', 'hi', 'it'] as const;

/**
 * The cookie that remembers a browser's language: set by the web app when `?displayLanguage=` names a new one,
 * and by the sign-in callback from the citizen's profile when the browser has none yet. A preference the
 * person set themselves, needed to show the site as asked: essential, no consent needed. httpOnly,
 * SameSite=Lax, path `/`, Secure on HTTPS.
 */
export const LANGUAGE_COOKIE = 'civitas_language';
/** How long a browser remembers a choice of its own (the language, the theme). */
export const PREFERENCE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = PREFERENCE_COOKIE_MAX_AGE_SECONDS;

/**
 * The cookie that remembers a browser's colour theme (ADR 063: `light` or `dark`; none follows the system), set by
 * the web app when `?theme=` names one. A preference, like the language: no consent needed; the same attributes.
 * A guest's page is kept for others with it in the key (the API's web/guest-pages.ts).
 */
export const THEME_COOKIE = 'civitas_theme';
