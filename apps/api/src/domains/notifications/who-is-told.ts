import type { Db } from '../../db/database.js';
import { blocksAmong } from '../blocks/block-store.js';
import { settingOf } from './kinds.js';
import type { Notice } from './notice.js';

/**
 * Whom a notice may reach (ADR 077), the one owner of the rule: never the actor themself; nobody with a block
 * between them and the actor, either way; nobody who muted the actor; nobody who turned the kind off. Whether
 * the recipient may see the post a notice is about is the post's rules' to say, read where the notice is made
 * (a mention, notices.ts) and again when the list is read. Three queries for any number of notices.
 */
export async function whoIsTold(db: Db, notices: readonly Notice[]): Promise<Notice[]> {
  const candidates = notices.filter((notice) => notice.recipientId !== notice.actorId);
  if (candidates.length === 0) return [];
  const recipients = [...new Set(candidates.map((notice) => notice.recipientId))];
  const actors = [...new Set(candidates.map((notice) => notice.actorId))];
  const blocks = await blocksAmong(db, recipients, actors);
  const mutes = await db
    .selectFrom('mutes')
    .select(['muter_id', 'muted_id'])
    .where('muter_id', 'in', recipients)
    .where('muted_id', 'in', actors)
    .execute();
  const settings = await db
    .selectFrom('notification_settings')
    .selectAll()
    .where('citizen_id', 'in', recipients)
    .execute();
  const pair = (a: string, b: string) => `${a} ${b}`;
  const blocked = new Set(
    blocks.flatMap((row) => [pair(row.blocker_id, row.blocked_id), pair(row.blocked_id, row.blocker_id)]),
  );
  const muted = new Set(mutes.map((row) => pair(row.muter_id, row.muted_id)));
  const settingsOf = new Map(settings.map((row) => [row.citizen_id, row]));
  return candidates.filter((notice) => {
    const key = pair(notice.recipientId, notice.actorId);
    if (blocked.has(key) || muted.has(key)) return false;
    const mine = settingsOf.get(notice.recipientId);
    return !mine || mine[settingOf(notice.kind)] === 1;
  });
}
