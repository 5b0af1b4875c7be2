import type { AppContext } from '../../context.js';
import { demoNames, seedDemo, seedDemoContent } from '../../seed/demo.js';
import { CliError } from '../errors.js';

/**
 * Seeds the demo world (alice … heidi and their social graph) and its content. Idempotent: when the demo
 * world is there already, nothing happens. Other citizens (say, a generated dataset) make it refuse unless
 * `force` is given, so demo data is never mixed into a real database by accident.
 */
export async function seedCommand(ctx: AppContext, options: { force?: boolean } = {}): Promise<string> {
  const present = await ctx.db
    .selectFrom('citizens')
    .select('username_key')
    .where('username_key', 'in', [...demoNames])
    .execute();
  if (present.length === demoNames.length) return 'The demo world is already seeded; nothing to do.';
  if (present.length > 0) {
    const taken = present.map((row) => row.username_key).join(', ');
    throw new CliError(`Some demo usernames are already taken (${taken}); seed into a fresh database.`);
  }
  const { citizens } = await ctx.db
    .selectFrom('citizens')
    .select((eb) => eb.fn.countAll<number>().as('citizens'))
    .executeTakeFirstOrThrow();
  if (Number(citizens) > 0 && !options.force) {
    throw new CliError(
      `The database already has ${citizens} citizens; pass --force to add the demo world beside them.`,
    );
  }
  const world = await seedDemo(ctx);
  const content = await seedDemoContent(ctx, world);
  return [
    `Seeded the demo world: ${demoNames.length} citizens (${demoNames.join(', ')}) with profile pictures and covers,`,
    `${content.posts} posts with images, ${content.likes} likes, ${content.comments} comments, ${content.curated} curated stage entries;`,
    `${content.files} image files under ${ctx.config.DATA_DIR}/media.`,
  ].join('\n');
}
