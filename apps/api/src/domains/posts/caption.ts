/**
 * Hashtags and @mentions written in a caption. Tags are letters (with their combining marks, which scripts
 * such as Devanagari need: #जयपुर), digits and underscores in any script, at most 50 characters; the first
 * spelling of a tag wins, duplicates collapse.
 */
const HASHTAG = /(?:^|[^\p{L}\p{M}\p{N}_&/])#([\p{L}\p{M}\p{N}_]{1,50})(?![\p{L}\p{M}\p{N}_])/gu;
const MENTION = /(?:^|[^\p{L}\p{N}_@/])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])/gu;

const uniqueBy = (values: string[], key: (value: string) => string): string[] => {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

export const MAX_HASHTAGS = 30;

export function extractHashtags(caption: string): string[] {
  const tags = [...caption.matchAll(HASHTAG)].map((match) => match[1] as string);
  return uniqueBy(tags, (tag) => tag.toLowerCase()).slice(0, MAX_HASHTAGS);
}

export function extractMentionedUsernames(caption: string): string[] {
  const names = [...caption.matchAll(MENTION)].map((match) => match[1] as string);
  return uniqueBy(names, (name) => name.toLowerCase());
}

export const hashtagKey = (tag: string) => tag.toLowerCase();
