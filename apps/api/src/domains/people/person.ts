import type { PersonView, SuggestedCreatorView } from '@civitas/contract';
import type { Selectable } from 'kysely';
import type { CitizensTable } from '../../db/tables/index.js';

/** The citizen columns a person in a list needs. */
export const personColumns = [
  'citizens.id',
  'citizens.username',
  'citizens.display_name',
  'citizens.profile_picture_uri',
  'citizens.country',
  'citizens.followers_count',
] as const;

export type PersonRow = Pick<
  Selectable<CitizensTable>,
  'id' | 'username' | 'display_name' | 'profile_picture_uri' | 'country' | 'followers_count'
>;

/** How the viewer stands to each person of a list; loaded in one query per list (relations.ts). */
export interface Relations {
  following: ReadonlySet<string>;
  friends: ReadonlySet<string>;
}

export const personView = (row: PersonRow, relations: Relations): PersonView => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  profilePictureUri: row.profile_picture_uri,
  country: row.country,
  amIFollowing: relations.following.has(row.id),
  isFriends: relations.friends.has(row.id),
  followersCount: row.followers_count,
});

export const suggestedCreatorView = (
  row: PersonRow,
  relations: Relations,
  reason: SuggestedCreatorView['reason'],
  via: string[],
): SuggestedCreatorView => ({ ...personView(row, relations), citizenId: row.id, reason, via });
