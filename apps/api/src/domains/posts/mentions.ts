import type { Db } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { blockedError, blocksAmong } from '../blocks/block-store.js';
import { extractMentionedUsernames } from './caption.js';

/**
 * The citizens a caption mentions: the ids picked in the mention picker (each must exist) followed by any
 * other `@username` written in the text that names a real citizen. Order is kept, duplicates dropped. An account
 * still pending its email's confirmation (ADR 053) is nobody yet. A mention of someone with a block between them
 * and the author, either way, is refused with 403 (ADR 069), whether picked or written.
 */
export async function resolveMentions(
  db: Db,
  authorId: string,
  caption: string,
  mentionRequest: readonly string[],
): Promise<string[]> {
  const requested = [...new Set(mentionRequest)];
  if (requested.length > 0) {
    const found = await db
      .selectFrom('citizens')
      .select('id')
      .where('id', 'in', requested)
      .where('pending_until', 'is', null)
      .where('suspended_at', 'is', null)
      .execute();
    const known = new Set(found.map((row) => row.id));
    const unknown = requested.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw badRequest('UNKNOWN_MENTION', `mentionRequest names citizens that do not exist: ${unknown.join(', ')}`);
    }
  }
  const usernames = extractMentionedUsernames(caption).map((name) => name.toLowerCase());
  const written =
    usernames.length === 0
      ? []
      : await db
          .selectFrom('citizens')
          .select(['id', 'username_key'])
          .where('username_key', 'in', usernames)
          .where('pending_until', 'is', null)
          .where('suspended_at', 'is', null)
          .execute();
  const byName = new Map(written.map((row) => [row.username_key, row.id]));
  const fromText = usernames.flatMap((name) => byName.get(name) ?? []);
  const mentioned = [...new Set([...requested, ...fromText])];
  await refuseBlockedMentions(db, authorId, mentioned);
  return mentioned;
}

/** One query for the blocks, either way, between the author and the citizens mentioned. */
async function refuseBlockedMentions(db: Db, authorId: string, mentioned: readonly string[]): Promise<void> {
  const others = mentioned.filter((id) => id !== authorId);
  if (others.length === 0) return;
  if ((await blocksAmong(db, [authorId], others)).length > 0)
    throw blockedError('mention a citizen you blocked or who blocked you; remove the mention');
}
