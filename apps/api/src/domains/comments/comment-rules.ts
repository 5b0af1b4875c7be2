import { type RawBuilder, sql } from 'kysely';

/**
 * Who may see a comment (ADR 084), given that they may see its post (posts/visibility.ts judges that first, on
 * every call): the one owner of the rule, as a condition on a row of `comments` under any name, for the viewer
 * the statement names (null: a guest, for whom the probes of blocks and mutes match nothing). A comment is shown
 * unless a moderator hid it (its author still sees it), its author is suspended, a block stands between its author
 * and the viewer either way, or the viewer muted its author. A reply is shown only under a thread's first comment
 * that is shown, so no reply hangs under nothing. Each probe is a key lookup with `limit 1`, as the posts' rules
 * are written (an `exists` was planned by PostgreSQL as a hash of the whole blocks table there).
 *
 * `authorRow` names the comment author's `citizens` row when the statement has joined it anyway (a page, for the
 * authors' names): the suspension is read from it instead of a probe of its own, a fifth of the rule's probes on
 * a page. Reading the viewer's blocks and mutes once as a set (`not in`) instead of probing per comment was tried
 * and measured: no faster on PostgreSQL, and 2.5 times slower on SQLite, which rebuilt the set for every reply.
 */
export function commentShown(comments: string, viewer: string | null, authorRow?: string): RawBuilder<boolean> {
  const suspendedAt = authorRow ? column(authorRow, 'suspended_at') : suspensionOf(column(comments, 'author_id'));
  return sql<boolean>`(${shownAlone(comments, viewer, suspendedAt)} and (${column(comments, 'parent_id')} is null or (
    select ${shownAlone('thread_root', viewer, suspensionOf(column('thread_root', 'author_id')))}
    from comments as thread_root where thread_root.id = ${column(comments, 'thread_id')})))`;
}

/** The rule for one comment, leaving its thread aside, given where its author's suspension is read. */
function shownAlone(comments: string, viewer: string | null, suspendedAt: RawBuilder<unknown>): RawBuilder<boolean> {
  const author = column(comments, 'author_id');
  return sql<boolean>`(${column(comments, 'hidden_at')} is null or ${author} = ${viewer})
    and ${suspendedAt} is null
    and (select block.blocked_id from blocks as block
      where block.blocker_id = ${viewer} and block.blocked_id = ${author} limit 1) is null
    and (select block.blocker_id from blocks as block
      where block.blocker_id = ${author} and block.blocked_id = ${viewer} limit 1) is null
    and (select mute.muted_id from mutes as mute
      where mute.muter_id = ${viewer} and mute.muted_id = ${author} limit 1) is null`;
}

/** A citizen's suspension by a key probe: null when not suspended (or gone). */
const suspensionOf = (citizen: RawBuilder<unknown>) =>
  sql`(select comment_author.suspended_at from citizens as comment_author
      where comment_author.id = ${citizen} limit 1)`;

const column = (table: string, name: string): RawBuilder<unknown> => sql.ref(`${table}.${name}`);
