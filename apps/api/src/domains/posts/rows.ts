import type { Selectable } from 'kysely';
import type { CitizensTable, PostsTable } from '../../db/tables/index.js';

/**
 * A post as the feeds and its pages read it: its table's row but for its comments' columns, which the comments'
 * own calls read (ADR 084).
 */
export type PostRow = Omit<Selectable<PostsTable>, 'comments_count' | 'comments_off'>;
/** What a post shows of a citizen (its author, the people it mentions). */
export type CitizenSummaryRow = Pick<
  Selectable<CitizensTable>,
  'id' | 'username' | 'display_name' | 'profile_picture_uri' | 'country'
>;
