import { type SuggestedCreatorView, SuggestionReason } from '@civitas/contract';
import type { PersonRow } from '../person.js';

/**
 * The suggested-creators rule, pure so it is testable without a database.
 * Reasons rank in the contract's order (strongest first): followed by people you follow, friend of your
 * friends, same country, popular. Within a reason: higher score first (how many of your people lead to the
 * creator; for same_country and popular, followers), then more followers, then username.
 */
export type Reason = SuggestedCreatorView['reason'];

export interface Candidate {
  person: PersonRow;
  usernameKey: string;
  reason: Reason;
  score: number;
}

/** Where a candidate stands in the ranked list; a continuation token carries the last one shown. */
export type RankKey = [reasonRank: number, score: number, followers: number, usernameKey: string];

export const reasonRank = (reason: Reason): number => SuggestionReason.options.indexOf(reason);

export const rankKeyOf = (candidate: Candidate): RankKey => [
  reasonRank(candidate.reason),
  candidate.score,
  candidate.person.followers_count,
  candidate.usernameKey,
];

/** Negative when `a` comes first. Usernames compare by code unit, the same on every database. */
export function compareRankKeys(a: RankKey, b: RankKey): number {
  return a[0] - b[0] || b[1] - a[1] || b[2] - a[2] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0);
}

/** One ranked list: each person once, under their strongest reason. */
export function rankCandidates(candidates: readonly Candidate[]): Candidate[] {
  const sorted = [...candidates].sort((a, b) => compareRankKeys(rankKeyOf(a), rankKeyOf(b)));
  const seen = new Set<string>();
  return sorted.filter((candidate) => {
    if (seen.has(candidate.person.id)) return false;
    seen.add(candidate.person.id);
    return true;
  });
}

/**
 * The page after a position. Keyed on the rank key rather than an index, so following or dismissing
 * someone on one page does not shift the next page and skip a person.
 */
export function pageAfter(ranked: readonly Candidate[], after: RankKey | undefined, size: number): Candidate[] {
  const start = after === undefined ? 0 : ranked.findIndex((c) => compareRankKeys(rankKeyOf(c), after) > 0);
  return start < 0 ? [] : ranked.slice(start, start + size);
}
