import { createPost } from '@civitas/contract';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { hydrateNewPost } from './hydrate.js';
import { resolveMentions } from './mentions.js';
import { publish } from './post-batches.js';
import { contentOf } from './post-cache.js';
import { postView } from './present.js';

/** A new post waits for its media upload; the author sees it at once, others once it is processed. */
export default defineRoute(createPost, async ({ body, caller, ctx }) => {
  const mentionIds = await resolveMentions(ctx.db, body.caption, body.mentionRequest);
  const readSince = ctx.caches.posts.epoch;
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
      createdAt: ctx.now(),
    }),
  );
  // The row as written is the content a first read would fetch, and the answer is made from it and the author
  // the write returned: one round trip in all on PostgreSQL.
  ctx.caches.posts.store(contentOf(post), readSince);
  return postView(post, await hydrateNewPost(ctx, post, author));
});
