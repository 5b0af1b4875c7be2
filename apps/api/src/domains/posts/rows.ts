import type { Selectable } from 'kysely';
import type { CitizensTable, PostsTable } from '../../db/tables/index.js';

/**
 * A post as the feeds and its pages read it: its table's row but for its comments' switch, which the comments'
 * own calls read (ADR 084). Its comment count is read fresh with the likes (ADR 085).
 */
export type PostRow = Omit<Selectable<PostsTable>, 'comments_off'>;
/** What a post shows of a citizen (its author, the people it mentions). */
export type CitizenSummaryRow = Pick<
  Selectable<CitizensTable>,
  'id' | 'username' | 'display_name' | 'profile_picture_uri' | 'country'
>;
