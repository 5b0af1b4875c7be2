import type { Selectable } from 'kysely';
import type { CitizensTable, PostsTable } from '../../db/tables/index.js';

/** A post as its table holds it. */
export type PostRow = Selectable<PostsTable>;
/** What a post shows of a citizen (its author, the people it mentions). */
export type CitizenSummaryRow = Pick<
  Selectable<CitizensTable>,
  'id' | 'username' | 'display_name' | 'profile_picture_uri' | 'country'
>;
