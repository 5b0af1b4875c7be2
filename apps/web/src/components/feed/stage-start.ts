import type { getStageFeed } from '@civitas/contract';
import type { ResultOf } from '@/client/api/contract-request';

/** The stage's first page as the server read it for this visitor (page.tsx). */
export interface StageStart {
  /** The country of the page: the person's own, or the default one when theirs was empty. */
  country: string;
  /** The person's own country's stage was empty, so `country` is the default one. */
  fellBack: boolean;
  page: ResultOf<typeof getStageFeed>;
}

/** A country's name in the interface language (GB → United Kingdom, Vereinigtes Königreich). */
export const countryName = (code: string, locale: string): string =>
  new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
