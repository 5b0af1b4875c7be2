/** The terms each citizen is found by in search and the mention picker (ADR 082): folded, matched from the start. */
export interface CitizenSearchTermsTable {
  citizen_id: string;
  term: string;
}
