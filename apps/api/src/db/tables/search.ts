/**
 * Every start of every term each citizen is found by in search and the mention picker (ADR 083), folded, with the
 * citizen's search tier (followers, coarsely) and username: a search's page is one range of (prefix, tier, username).
 */
export interface CitizenSearchPrefixesTable {
  citizen_id: string;
  prefix: string;
  tier: number;
  username_key: string;
}
