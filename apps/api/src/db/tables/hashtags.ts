export interface HashtagsTable {
  /** Lower-cased tag without '#': the key. */
  name_key: string;
  /** The spelling first used. */
  name: string;
  /** Live (not deleted) posts carrying the tag. */
  posts_count: number;
  created_at: number;
}

export interface PostHashtagsTable {
  post_id: string;
  name_key: string;
}
