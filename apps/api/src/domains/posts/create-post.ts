import { createPost } from '@civitas/contract';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { awaitedItem, moreMediaColumn } from './album.js';
import { hydrateNewPost } from './hydrate.js';
import { resolveMentions } from './mentions.js';
import { publish } from './post-batches.js';
import { postView } from './present.js';

/**
 * A new post waits for its media upload (every item's, for an album: ADR 086); the author sees it at once, others
 * once it is processed.
 */
export default defineRoute(createPost, async ({ body, caller, ctx }) => {
  const mentionIds = await resolveMentions(ctx.db, caller.citizenId, body.caption, body.mentionRequest);
  const { post, author } = await withLiveCaller(() =>
    publish(ctx, {
      authorId: caller.citizenId,
      caption: body.caption,
      mentionIds,
      mediaType: body.mediaType,
      sharing: body.sharingOptions,
      status: 'awaiting_upload',
      externalLink: body.externalLink ?? null,
      altText: body.altText || null,
      moreMedia: moreMediaColumn(body.moreMedia.map(awaitedItem)),
      createdAt: ctx.now(),
    }),
  );
  // The answer is made from the row as written and the author the write returned: one round trip in all on
  // PostgreSQL. The row is not kept in the post cache: nobody else can read it before its upload completes,
  // and completing the upload forgets the entry: each stored post only evicted a read one and became garbage
  // in V8's old generation (ADR 040).
  return postView(post, await hydrateNewPost(ctx, post, author));
});
