/**
 * A comment under a post (ADR 084). `thread_id` is the comment's own id, or for a reply its parent's: a thread is
 * one comment and the replies under it, and the list reads threads in order.
 */
export interface CommentsTable {
  id: string;
  post_id: string;
  thread_id: string;
  /** The comment this one replies to (always a thread's first comment); null for a comment on the post. */
  parent_id: string | null;
  author_id: string;
  text: string;
  /** JSON array of the citizens the text mentions, in text order. */
  mention_ids: string;
  created_at: number;
  /** Set while a moderator's decision hides the comment from everyone but its author. */
  hidden_at: number | null;
  /** The reported reason it was hidden for, shown to its author; null when not hidden. */
  moderation_reason: string | null;
}
