import type { AppContext } from '../../context.js';
import { stagePost, unstagePost } from '../../domains/feeds/stage-membership.js';
import { CliError } from '../errors.js';

async function loadPost(ctx: AppContext, postId: string) {
  const post = await ctx.db
    .selectFrom('posts')
    .innerJoin('citizens', 'citizens.id', 'posts.author_id')
    .select(['posts.id', 'posts.sharing', 'posts.status', 'posts.deleted_at', 'citizens.country'])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  if (!post || post.deleted_at !== null) throw new CliError(`No post ${postId}.`);
  return post;
}

/** Curates a post onto the main stage of the given countries (default: its author's). */
export async function stageCommand(ctx: AppContext, postId: string, countries?: string[]): Promise<string> {
  const post = await loadPost(ctx, postId);
  if (post.sharing !== 'public') throw new CliError('Only public posts can go on the stage; this one is private.');
  if (post.status !== 'ready') {
    throw new CliError(`The post is not ready yet (status: ${post.status}); stage it once its media is processed.`);
  }
  const targets = countries ?? [post.country];
  await stagePost(ctx.db, post.id, targets, 'curated', ctx.now());
  await ctx.cacheBus.announce('stage-changed');
  return `Post ${post.id} is on the stage of ${targets.join(', ')}.`;
}

export async function unstageCommand(ctx: AppContext, postId: string, countries?: string[]): Promise<string> {
  const post = await loadPost(ctx, postId);
  await unstagePost(ctx.db, post.id, countries);
  await ctx.cacheBus.announce('stage-changed');
  return `Post ${post.id} is off the stage of ${countries ? countries.join(', ') : 'every country'}.`;
}
