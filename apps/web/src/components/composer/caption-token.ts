/** A mention or hashtag being typed: `@ali` or `#land` just before the caret. */
export interface CaptionToken {
  trigger: '@' | '#';
  query: string;
  /** Where the token (its trigger included) starts in the caption. */
  start: number;
  end: number;
}

// Letters of any script, digits and underscores (the server's hashtag rule), after a line start or a space.
const TOKEN_BEFORE_CARET = /(^|[\s([{])([@#])([\p{L}\p{M}\p{N}_]{1,50})$/u;

/** The token the caret sits at the end of, if any: what the pickers search for. */
export function tokenAtCaret(text: string, caret: number): CaptionToken | null {
  const match = TOKEN_BEFORE_CARET.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[3] ?? '';
  const start = caret - query.length - 1;
  return { trigger: match[2] as '@' | '#', query, start, end: caret };
}

/** The caption with the token replaced by the chosen name and a space; and where the caret goes next. */
export function replaceToken(text: string, token: CaptionToken, name: string): { text: string; caret: number } {
  const inserted = `${token.trigger}${name} `;
  const after = text.slice(token.end).replace(/^ /, '');
  return { text: `${text.slice(0, token.start)}${inserted}${after}`, caret: token.start + inserted.length };
}

/**
 * The ids of the people picked in the mention picker whose `@username` is still in the caption (the server
 * also resolves `@username` written by hand; these make a picked person certain).
 */
export function pickedMentionIds(text: string, picked: ReadonlyMap<string, string>): string[] {
  const written = new Set([...text.matchAll(/@([A-Za-z0-9_]{3,30})/g)].map((match) => match[1]?.toLowerCase()));
  return [...picked].filter(([username]) => written.has(username.toLowerCase())).map(([, id]) => id);
}
