import type { Random } from '../random.js';
import { closers, hashtags, openers, places } from './vocabulary.js';

const tagSums = (() => {
  // Zipf-like: the n-th tag is used about 1/n as often as the first.
  const sums = new Float64Array(hashtags.length);
  let total = 0;
  for (let i = 0; i < hashtags.length; i++) {
    total += 1 / (i + 1);
    sums[i] = total;
  }
  return sums;
})();

function pickTag(rnd: Random): string {
  const target = rnd.next() * (tagSums[tagSums.length - 1] as number);
  let i = 0;
  while ((tagSums[i] as number) <= target && i < tagSums.length - 1) i++;
  return hashtags[i] as string;
}

const tagCounts = [0, 1, 1, 2, 2, 2, 3, 3] as const;

export interface Caption {
  text: string;
  /** Display spellings, in caption order, distinct ignoring case (as the caption parser reads them). */
  tags: string[];
}

/** A short caption with hashtags and, when a username is given, an @mention. */
export function makeCaption(rnd: Random, mention: string | null): Caption {
  const tags = new Set<string>();
  const wanted = rnd.pick(tagCounts);
  while (tags.size < wanted) tags.add(pickTag(rnd));
  const with_ = mention ? ` with @${mention}` : '';
  const tagText = [...tags].map((tag) => `#${tag}`).join(' ');
  const text = `${rnd.pick(openers)} ${rnd.pick(places)}${with_}.${rnd.pick(closers)} ${tagText}`.trim();
  return { text, tags: [...tags] };
}
