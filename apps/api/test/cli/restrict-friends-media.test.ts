import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { insertPost } from '../../src/seed/posts.js';
import { cli } from '../support/cli.js';
import { provideTempDatabase, type TempDatabase } from '../support/temp-database.js';

// civitas restrict-friends-media on the embedded storage (its object-storage run: test/media/s3-post-media-audience):
// a post's own folder is already checked by the media route, so nothing moves; an address outside it is named.
describe('civitas restrict-friends-media', () => {
  let db: TempDatabase;
  let ctx: AppContext;
  provideTempDatabase((opened, context) => {
    db = opened;
    ctx = context;
  });

  it('moves nothing on the embedded storage and names the posts whose addresses stay outside the check', async () => {
    const now = Date.now();
    const authorId = await insertCitizen(ctx.db, { username: 'media_cli', displayName: 'Media', country: 'GB' }, now);
    const inFolder = await insertPost(ctx.db, { authorId, sharing: 'private' }, now);
    await ctx.db
      .updateTable('posts')
      .set({ image_uri: `/media/posts/${inFolder}/0123456789ab/image-320.jpeg` })
      .where('id', '=', inFolder)
      .execute();
    const seeded = await insertPost(
      ctx.db,
      { authorId, sharing: 'private', imageUri: '/media/demo/x/post-1.jpg' },
      now,
    );
    await insertPost(ctx.db, { authorId, imageUri: '/media/demo/x/post-2.jpg' }, now); // public: not its business
    expect(await cli(db.env, 'restrict-friends-media')).toEqual({
      code: 0,
      out:
        'Friends-only posts: 2. Files moved out of the public prefix: 0. Posts whose media addresses now go through the check: 0.\n' +
        `1 post keeps an address outside its own folder (stored by an older seed), still readable by whoever holds it: ${seeded}.\n`,
      err: '',
    });
  });
});
