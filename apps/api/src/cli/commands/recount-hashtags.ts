import type { AppContext } from '../../context.js';
import { recountHashtags } from '../../domains/hashtags/recount-hashtags.js';

/** `civitas recount-hashtags`: every tag's count from the posts themselves (ADR 049). */
export async function recountHashtagsCommand(ctx: AppContext): Promise<string> {
  const changed = await recountHashtags(ctx.db);
  return changed === 0
    ? 'Every hashtag count was already right.'
    : `Recounted: ${changed} hashtag${changed === 1 ? '' : 's'} had a wrong count and now count their public, published posts.`;
}
