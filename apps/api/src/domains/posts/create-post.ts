import { createPost } from '@civitas/contract';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { presentVisiblePost } from './load.js';
import { resolveMentions } from './mentions.js';
import { writePost } from './write-post.js';

/** A new post waits for its media upload; the author sees it at once, others once it is processed. */
export default defineRoute(createPost, async ({ body, caller, ctx }) => {
  const mentionIds = await resolveMentions(ctx.db, body.caption, body.mentionRequest);
  const id = await withLiveCaller(() =>
    writePost(ctx.db, {
      authorId: caller.citizenId,
      caption: body.caption,
      mentionIds,
      mediaType: body.mediaType,
      sharing: body.sharingOptions,
      status: 'awaiting_upload',
      externalLink: body.externalLink ?? null,
      createdAt: ctx.now(),
    }),
  );
  return presentVisiblePost(ctx, id, caller.citizenId);
});
