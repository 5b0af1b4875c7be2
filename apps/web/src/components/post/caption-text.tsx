import type { CaptionView } from '@civitas/contract';
import Link from 'next/link';
import { Fragment, type ReactNode } from 'react';

// A mention is @ plus a username; a hashtag is # plus letters, digits or underscores in any script.
const TOKEN = /([@#])([\p{L}\p{N}_.]+)/gu;

/**
 * A caption with its mentions linked to the mentioned profiles and its hashtags to their pages. Only names
 * the server resolved as mentions become profile links, so a typo never links to a stranger.
 */
export function CaptionText({ caption }: { caption: CaptionView }) {
  const mentioned = new Set(caption.mentions.map((mention) => mention.username.toLowerCase()));
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of caption.content.matchAll(TOKEN)) {
    const [, sigil, name = ''] = match;
    const start = match.index;
    // `name@example.org` is an address, not a mention.
    if (start > 0 && /[\p{L}\p{N}_]/u.test(caption.content[start - 1] ?? '')) continue;
    const trimmed = name.replace(/\.+$/, '');
    let link: ReactNode = null;
    if (sigil === '@' && mentioned.has(trimmed.toLowerCase())) {
      link = <Link href={`/u/${encodeURIComponent(trimmed)}`}>@{trimmed}</Link>;
    } else if (sigil === '#' && trimmed) {
      link = <Link href={`/hashtags/${encodeURIComponent(trimmed.toLowerCase())}`}>#{trimmed}</Link>;
    }
    if (!link) continue;
    parts.push(caption.content.slice(last, start), <Fragment key={start}>{link}</Fragment>);
    last = start + 1 + trimmed.length;
  }
  parts.push(caption.content.slice(last));
  return <p className="caption">{parts}</p>;
}
