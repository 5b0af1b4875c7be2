/**
 * Civitas's mark: a rounded square in the brand's colour holding a small sun over a horizon (a positive network,
 * a public square). Drawn here, not loaded: it is in the header of every page. Its colours are the tokens'
 * (globals.css, `.logo-mark`), so it follows the theme. Decoration beside the product's name, so hidden from
 * assistive technology.
 */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" />
      <circle cx="16" cy="14" r="5" />
      <path d="M8 23h16" />
    </svg>
  );
}
