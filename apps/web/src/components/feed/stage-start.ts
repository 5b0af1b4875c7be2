import type { getStageFeed } from '@civitas/contract';
import type { ResultOf } from '@/client/api/contract-request';

/** The stage's first page as the server read it for this visitor (page.tsx). */
export interface StageStart {
  /** The country of the page: the person's own, or the default one when theirs was empty. */
  country: string;
  /** The person's own country's stage was empty, so `country` is the default one. */
  fellBack: boolean;
  /**
   * `country`'s name in the page's language, written by the server: the browser would otherwise build a table of
   * every region's name (Intl.DisplayNames) while it hydrates, a long task on a phone for one word.
   */
  countryName: string;
  page: ResultOf<typeof getStageFeed>;
}
