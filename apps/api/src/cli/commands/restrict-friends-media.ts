import type { AppContext } from '../../context.js';
import { restrictFriendsMedia } from '../../domains/media/restrict-friends-media.js';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** `civitas restrict-friends-media`: friends-only posts' files stored before ADR 075 brought under its check. */
export async function restrictFriendsMediaCommand(ctx: AppContext): Promise<string> {
  const done = await restrictFriendsMedia(ctx);
  const lines = [
    `Friends-only posts: ${done.posts}. Files moved out of the public prefix: ${done.filesMoved}. Posts whose media addresses now go through the check: ${done.postsRewritten}.`,
  ];
  if (done.postsLeft.length > 0) {
    lines.push(
      `${plural(done.postsLeft.length, 'post keeps', 'posts keep')} an address outside its own folder (stored by an older seed), still readable by whoever holds it: ${done.postsLeft.slice(0, 20).join(', ')}${done.postsLeft.length > 20 ? ', …' : ''}.`,
    );
  }
  return lines.join('\n');
}
