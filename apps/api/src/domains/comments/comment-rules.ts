import { type RawBuilder, sql } from 'kysely';

/**
 * Who may see a comment (ADR 084), given that they may see its post (posts/visibility.ts judges that first, on
 * every call): the one owner of the rule, as a condition on a row of `comments` under any name, for the viewer
 * the statement names (null: a guest, for whom the probes of blocks and mutes match nothing). A comment is shown
 * unless a moderator hid it (its author still sees it), its author is suspended, a block stands between its author
 * and the viewer either way, or the viewer muted its author. A reply is shown only under a thread's first comment
 * that is shown, so no reply hangs under nothing. Each probe is a key lookup with `limit 1`, as the posts' rules
 * are written (an `exists` was planned by PostgreSQL as a hash of the whole blocks table there).
 */
export function commentShown(comments: string, viewer: string | null): RawBuilder<boolean> {
  return sql<boolean>`(${shownAlone(comments, viewer)} and (${column(comments, 'parent_id')} is null or (
    select ${shownAlone('thread_root', viewer)} from comments as thread_root
    where thread_root.id = ${column(comments, 'thread_id')})))`;
}

/** The rule for one comment, leaving its thread aside. */
function shownAlone(comments: string, viewer: string | null): RawBuilder<boolean> {
  const author = column(comments, 'author_id');
  return sql<boolean>`(${column(comments, 'hidden_at')} is null or ${author} = ${viewer})
    and (select comment_author.suspended_at from citizens as comment_author
      where comment_author.id = ${author} limit 1) is null
    and (select block.blocked_id from blocks as block
      where block.blocker_id = ${viewer} and block.blocked_id = ${author} limit 1) is null
    and (select block.blocker_id from blocks as block
      where block.blocker_id = ${author} and block.blocked_id = ${viewer} limit 1) is null
    and (select mute.muted_id from mutes as mute
      where mute.muter_id = ${viewer} and mute.muted_id = ${author} limit 1) is null`;
}

const column = (table: string, name: string) => sql.ref(`${table}.${name}`);
