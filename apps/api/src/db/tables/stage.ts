/** Membership of a post on a country's main stage. `staged_at` orders the stage and fixes snapshots. */
export interface StageEntriesTable {
  country: string;
  post_id: string;
  staged_at: number;
  source: 'curated' | 'auto';
}
