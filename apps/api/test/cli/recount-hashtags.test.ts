import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { insertPost } from '../../src/seed/posts.js';
import { cli } from '../support/cli.js';
import { provideTempDatabase, type TempDatabase } from '../support/temp-database.js';

// civitas recount-hashtags on a database of its own: counts set wrong by hand (as a build from before
// migration 009 would have left them during a rolling upgrade) come back to what the posts say.
describe('civitas recount-hashtags', () => {
  let db: TempDatabase;
  let ctx: AppContext;
  provideTempDatabase((opened, context) => {
    db = opened;
    ctx = context;
  });

  const counts = async () =>
    Object.fromEntries(
      (await ctx.db.selectFrom('hashtags').select(['name_key', 'posts_count']).orderBy('name_key').execute()).map(
        (row) => [row.name_key, row.posts_count],
      ),
    );

  it('sets every count from the public, published posts, and says how many it changed', async () => {
    const now = Date.now();
    const authorId = await insertCitizen(ctx.db, { username: 'tags_cli', displayName: 'Tags', country: 'GB' }, now);
    await insertPost(ctx.db, { authorId, caption: '#open #shared' }, now);
    await insertPost(ctx.db, { authorId, caption: '#shared #hidden', sharing: 'private' }, now);
    await insertPost(ctx.db, { authorId, caption: '#shared', status: 'processing' }, now);
    expect(await counts()).toEqual({ hidden: 0, open: 1, shared: 1 });
    expect(await cli(db.env, 'recount-hashtags')).toEqual({
      code: 0,
      out: 'Every hashtag count was already right.\n',
      err: '',
    });

    await sql`update hashtags set posts_count = posts_count + 3 where name_key in ('hidden', 'shared')`.execute(ctx.db);
    expect(await cli(db.env, 'recount-hashtags')).toEqual({
      code: 0,
      out: 'Recounted: 2 hashtags had a wrong count and now count their public, published posts.\n',
      err: '',
    });
    expect(await counts()).toEqual({ hidden: 0, open: 1, shared: 1 });
  });
});
