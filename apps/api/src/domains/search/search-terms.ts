import type { Db } from '../../db/database.js';

/**
 * How names are matched (ADR 082), the one owner of it: a name is folded (compatibility forms unfolded, the
 * diacritics of Latin, Greek and Cyrillic letters taken off, lower-cased), so "élodie" is found by "elodie" and
 * "ÉLO". Only the combining marks of U+0300–U+036F go: the vowel signs of Devanagari and other scripts are letters
 * of their words, and stay.
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

/** A citizen's terms, written anew (sign-up, a new display name); in the caller's transaction when it has one. */
export async function writeSearchTerms(
  db: Db,
  citizenId: string,
  username: string,
  displayName: string,
): Promise<void> {
  await db.deleteFrom('citizen_search_terms').where('citizen_id', '=', citizenId).execute();
  await db
    .insertInto('citizen_search_terms')
    .values(searchTermsOf(username, displayName).map((term) => ({ citizen_id: citizenId, term })))
    .execute();
}

/**
 * The citizens with a term starting with `prefix` (folded here): one range of the terms' key, compared byte by byte
 * in both dialects (migration 018), so no LIKE and nothing to escape. Duplicates when several terms match.
 */
export function citizensWithTermStarting(db: Db, prefix: string) {
  const start = foldName(prefix);
  return db
    .selectFrom('citizen_search_terms')
    .select('citizen_search_terms.citizen_id')
    .where('citizen_search_terms.term', '>=', start)
    .where('citizen_search_terms.term', '<', termEnd(start));
}

/** The end of the range of terms starting with `start` (folded): past every character that may follow it. */
export const termEnd = (start: string): string => `${start}\u{10FFFF}`;
