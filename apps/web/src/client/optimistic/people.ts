import { type Carrier, removeItems } from './carriers';

/** A person in a suggested or relevant list (`citizenId` on suggestions, `id` everywhere). */
export interface PersonCarrier {
  id: string;
  citizenId?: string;
}

/** docs/product.md §4: a dismissed suggestion leaves every suggested and relevant list at once. */
export function removePerson(carrier: Carrier<PersonCarrier>, personId: string): void {
  removeItems(carrier, (person) => (person.citizenId ?? person.id) === personId);
}
