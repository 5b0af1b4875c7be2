import { KEEP_UNUSED_DATA_FOR_SECONDS } from '../constants';
import { contractBaseQuery } from './base-query';

/** What every service slice shares: the contract base query and the cache retention of docs/product.md §9. */
export const sliceDefaults = {
  baseQuery: contractBaseQuery,
  keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_SECONDS,
} as const;
