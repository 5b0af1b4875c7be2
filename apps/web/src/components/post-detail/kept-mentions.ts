import type { MentionView } from '@civitas/contract';

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/** Whether `text` still holds `@username` as a mention: not inside an address, not the start of a longer name. */
export function mentionsUsername(text: string, username: string): boolean {
  const token = `@${username.toLowerCase()}`;
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(token); at !== -1; at = lower.indexOf(token, at + 1)) {
    const before = at > 0 ? (lower[at - 1] ?? '') : '';
    const after = lower[at + token.length] ?? '';
    if (!WORD_CHARACTER.test(before) && !WORD_CHARACTER.test(after)) return true;
  }
  return false;
}

/**
 * The mentions an edited caption keeps: those of the current caption whose `@username` is still written in
 * the new text. Their ids go in `mentionRequest`, so removing a name from the text removes the mention and
 * everything else stays as it was.
 */
export function keptMentionIds(mentions: readonly MentionView[], text: string): string[] {
  return mentions.filter((mention) => mentionsUsername(text, mention.username)).map((mention) => mention.id);
}
