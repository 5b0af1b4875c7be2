import type { CaptionView } from '@civitas/contract';
import { Fragment, type ReactNode } from 'react';
import { Link } from '@/components/link';

// Candidates only: which of them are real mentions and hashtags is the server's word (`caption.mentions`,
// `hashtags`), so the page never links what the server did not recognise.
const TOKEN = /([@#])([\p{L}\p{M}\p{N}_]+)/gu;
const WORD_CHARACTER = /[\p{L}\p{M}\p{N}_]/u;

/**
 * A caption with its mentions linked to the mentioned profiles and its hashtags to their pages. Only names
 * the server resolved become links, so a typo never links to a stranger.
 */
export function CaptionText({ caption, hashtags }: { caption: CaptionView; hashtags: readonly string[] }) {
  const mentioned = new Set(caption.mentions.map((mention) => mention.username.toLowerCase()));
  const tagged = new Set(hashtags.map((tag) => tag.toLowerCase()));
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of caption.content.matchAll(TOKEN)) {
    const [text, sigil, name = ''] = match;
    const start = match.index;
    // `ana@example.org` is an address and `a#b` no tag: a sigil counts only at the start of a word.
    if (start > 0 && WORD_CHARACTER.test(caption.content[start - 1] ?? '')) continue;
    const key = name.toLowerCase();
    let link: ReactNode = null;
    if (sigil === '@' && mentioned.has(key)) link = <Link href={`/u/${encodeURIComponent(name)}`}>{text}</Link>;
    else if (sigil === '#' && tagged.has(key)) link = <Link href={`/hashtags/${encodeURIComponent(key)}`}>{text}</Link>;
    if (!link) continue;
    parts.push(caption.content.slice(last, start), <Fragment key={start}>{link}</Fragment>);
    last = start + text.length;
  }
  parts.push(caption.content.slice(last));
  // dir="auto": a caption written right to left reads so, whatever the page's language.
  return (
    <p className="caption" dir="auto">
      {parts}
    </p>
  );
}
