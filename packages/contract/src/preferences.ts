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
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
