import type { Db } from '../../db/database.js';

/**
 * How names are matched and ranked in search (ADR 082), the one owner of it. A name is folded (compatibility forms
 * unfolded, the diacritics of Latin, Greek and Cyrillic letters taken off, lower-cased), so "élodie" is found by
 * "elodie" and "ÉLO". Only the combining marks of U+0300–U+036F go: the vowel signs of Devanagari and other scripts
 * are letters of their words, and stay.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();
}

/** What separates the words of a display name: spaces, punctuation and symbols ("jean-luc", "o'brien"). */
const WORD_BREAK = /[\s\p{P}\p{S}]+/u;

/**
 * The terms a citizen is found by, each matched from its start: the username, the whole display name ("alice arc"),
 * and each later word of it ("arc"), all folded. The first word is a start of the whole name already.
 */
export function searchTermsOf(username: string, displayName: string): string[] {
  const name = foldName(displayName).trim();
  const words = name.split(WORD_BREAK).filter((word) => word !== '');
  return [...new Set([foldName(username), name, ...words.slice(1)].filter((term) => term !== ''))];
}

/**
 * How long a prefix is kept: a search for more characters is looked up by its first MAX_PREFIX_LENGTH, then each
 * match checked whole (`startsATerm`). People type far fewer before they find someone.
 */
export const MAX_PREFIX_LENGTH = 20;

/** The first `length` characters (code points, so no surrogate is cut in two). */
const firstCharacters = (text: string, length: number) => [...text].slice(0, length).join('');

/** Every start of every term, one to MAX_PREFIX_LENGTH characters long: what a search for it finds the citizen by. */
export function searchPrefixesOf(username: string, displayName: string): string[] {
  const prefixes = new Set<string>();
  for (const term of searchTermsOf(username, displayName)) {
    const characters = [...term];
    for (let length = 1; length <= Math.min(characters.length, MAX_PREFIX_LENGTH); length++) {
      prefixes.add(characters.slice(0, length).join(''));
    }
  }
  return [...prefixes];
}

/** The prefix a search looks up: the folded words, at most MAX_PREFIX_LENGTH characters of them. */
export const prefixOf = (q: string): string => firstCharacters(foldName(q), MAX_PREFIX_LENGTH);

/** Whether a term of this citizen starts with the whole of `q`: needed only past MAX_PREFIX_LENGTH characters. */
export const startsATerm = (q: string, citizen: { username: string; display_name: string }): boolean => {
  const start = foldName(q);
  return searchTermsOf(citizen.username, citizen.display_name).some((term) => term.startsWith(start));
};

/**
 * A citizen's standing in search: how many followers, to a quarter of a doubling (0 for none, then 4 for one, 8 for
 * three, 40 for a thousand and twenty-three). Stored with each prefix so that a search reads its page in rank order
 * from one index; the coarseness means a follow seldom moves it (ADR 083).
 */
export function searchTier(followers: number): number {
  return followers <= 0 ? 0 : Math.floor(4 * Math.log2(followers + 1));
}

/** A citizen whose prefixes are written: who they are found by, and how many follow them. */
export interface SearchedCitizen {
  id: string;
  username: string;
  displayName: string;
  followers: number;
}

/** A citizen's rows of citizen_search_prefixes: each prefix with their tier and username (the generator's too). */
export const searchPrefixRows = (citizen: SearchedCitizen) => {
  const tier = searchTier(citizen.followers);
  const usernameKey = citizen.username.toLowerCase();
  return searchPrefixesOf(citizen.username, citizen.displayName).map((prefix) => ({
    citizen_id: citizen.id,
    prefix,
    tier,
    username_key: usernameKey,
  }));
};

/**
 * A citizen's prefixes, written anew (sign-up, a new display name), with the tier of their followers; in the caller's
 * transaction when it has one.
 */
export async function writeSearchPrefixes(db: Db, citizen: SearchedCitizen): Promise<void> {
  await db.deleteFrom('citizen_search_prefixes').where('citizen_id', '=', citizen.id).execute();
  for (const rows of slices(searchPrefixRows(citizen))) {
    await db.insertInto('citizen_search_prefixes').values(rows).execute();
  }
}

/** Well under either database's limit of bound values per statement, however long a name or a list of citizens. */
const slices = <T>(items: readonly T[], size = 200): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * Moves the search tier of these citizens to their follower counts as they now stand, which the caller's update of
 * the counts has just answered (`returning`): every writer of a follower count calls it in the same transaction (a
 * follow or unfollow, a block, a suspension and its lifting), and a test holds the tiers to the counts. A count that
 * stays within its tier writes nothing.
 */
export async function retierSearch(db: Db, counts: readonly { id: string; followers_count: number }[]): Promise<void> {
  const byTier = new Map<number, string[]>();
  for (const { id, followers_count } of counts) {
    const tier = searchTier(followers_count);
    byTier.set(tier, [...(byTier.get(tier) ?? []), id]);
  }
  for (const [tier, ids] of byTier) {
    for (const slice of slices(ids)) {
      await db
        .updateTable('citizen_search_prefixes')
        .set({ tier })
        .where('citizen_id', 'in', slice)
        .where('tier', '<>', tier)
        .execute();
    }
  }
}

/** The citizens with a prefix `q` (folded, cut to MAX_PREFIX_LENGTH): one key of the prefixes' rank index. */
export function citizensWithPrefix(db: Db, q: string) {
  return db
    .selectFrom('citizen_search_prefixes')
    .select('citizen_search_prefixes.citizen_id')
    .where('citizen_search_prefixes.prefix', '=', prefixOf(q));
}
