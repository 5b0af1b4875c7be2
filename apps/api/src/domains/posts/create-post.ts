import { createPost } from '@civitas/contract';
import { sql } from 'kysely';
import { newId } from '../../db/ids.js';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { extractHashtags } from './caption.js';
import { linkHashtags, replaceMentions } from './hashtag-links.js';
import { presentVisiblePost } from './load.js';
import { resolveMentions } from './mentions.js';

export default defineRoute(createPost, async ({ body, caller, ctx }) => {
  const now = ctx.now();
  const id = newId(now);
  const mentionIds = await resolveMentions(ctx.db, body.caption, body.mentionRequest);
  const hashtags = extractHashtags(body.caption);
  await withLiveCaller(() =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('posts')
        .values({
          id,
          author_id: caller.citizenId,
          caption: body.caption,
          mention_ids: JSON.stringify(mentionIds),
          hashtags: JSON.stringify(hashtags),
          media_type: body.mediaType,
          sharing: body.sharingOptions,
          status: 'awaiting_upload',
          image_uri: null,
          cover_image_uri: null,
          video_uri: null,
          hls_uri: null,
          width: null,
          height: null,
          alt_text: null,
          external_link: body.externalLink ?? null,
          likes_count: 0,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute();
      await replaceMentions(trx, id, mentionIds);
      await linkHashtags(trx, id, hashtags, now);
      await trx
        .updateTable('citizens')
        .set({ posts_count: sql`posts_count + 1` })
        .where('id', '=', caller.citizenId)
        .execute();
    }),
  );
  return presentVisiblePost(ctx.db, id, caller.citizenId);
});
