/**
 * The colour theme this browser chose (ADR 063): `system` follows `prefers-color-scheme`; `light` and `dark`
 * override it. The choice travels as `?theme=<choice>` on a plain link (the footer's and the account menu's), the
 * proxy remembers it in a cookie and tells the layout, which writes it on `<html data-theme>` before the first
 * paint: no script, and no flash of the other theme.
 */
export const themes = ['system', 'light', 'dark'] as const;
export type Theme = (typeof themes)[number];

export { THEME_COOKIE } from '@civitas/contract/routes-table';
export const themeParam = 'theme';
/** Set by the proxy on every page request (a client's own value is overwritten): the theme to render. */
export const themeHeader = 'x-civitas-theme';

export function parseTheme(value: string | null | undefined): Theme | null {
  return themes.find((theme) => theme === value) ?? null;
}

/** The `data-theme` attribute of `<html>`: none for `system`, so the stylesheet's media query decides. */
export const dataTheme = (theme: Theme | null): 'light' | 'dark' | undefined =>
  theme === 'light' || theme === 'dark' ? theme : undefined;
