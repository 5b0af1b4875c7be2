import type { ReportGroupView } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { oneOf } from '../../db/id-list.js';
import type { ReportSubjectKind } from '../../db/tables/moderation.js';

type Preview = ReportGroupView['preview'];

/**
 * What moderators are shown of each reported subject, whatever the rules would show anyone else (a hidden post,
 * a suspended citizen, a hidden comment): one query for the posts with their authors, one for the citizens, one
 * for the comments with their authors and posts. Keyed `kind:id`.
 */
export async function subjectPreviews(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  subjects: readonly { kind: ReportSubjectKind; id: string }[],
): Promise<Map<string, Preview>> {
  const previews = new Map<string, Preview>();
  const postIds = [...new Set(subjects.filter((s) => s.kind === 'post').map((s) => s.id))];
  const citizenIds = [...new Set(subjects.filter((s) => s.kind === 'citizen').map((s) => s.id))];
  const commentIds = [...new Set(subjects.filter((s) => s.kind === 'comment').map((s) => s.id))];
  const [posts, citizens, comments] = await Promise.all([
    postIds.length === 0
      ? []
      : ctx.db
          .selectFrom('posts')
          .innerJoin('citizens as author', 'author.id', 'posts.author_id')
          .select([
            'posts.id',
            'posts.caption',
            'posts.image_uri',
            'posts.cover_image_uri',
            'posts.hidden_at',
            'posts.deleted_at',
            'author.username',
            'author.display_name',
          ])
          .where(oneOf(ctx.dialect, 'posts.id', postIds))
          .execute(),
    citizenIds.length === 0
      ? []
      : ctx.db
          .selectFrom('citizens')
          .select(['id', 'username', 'display_name', 'profile_picture_uri', 'suspended_at'])
          .where(oneOf(ctx.dialect, 'id', citizenIds))
          .execute(),
    commentIds.length === 0
      ? []
      : ctx.db
          .selectFrom('comments')
          .innerJoin('posts', 'posts.id', 'comments.post_id')
          .innerJoin('citizens as author', 'author.id', 'comments.author_id')
          .select([
            'comments.id',
            'comments.text',
            'comments.hidden_at',
            'comments.post_id',
            'posts.image_uri',
            'posts.cover_image_uri',
            'posts.deleted_at',
            'author.username',
            'author.display_name',
          ])
          .where(oneOf(ctx.dialect, 'comments.id', commentIds))
          .execute(),
  ]);
  for (const comment of comments) {
    previews.set(`comment:${comment.id}`, {
      username: comment.username,
      displayName: comment.display_name,
      caption: comment.text,
      pictureUri: comment.image_uri ?? comment.cover_image_uri,
      actedOn: comment.hidden_at !== null,
      postId: comment.post_id,
      gone: comment.deleted_at !== null,
    });
  }
  for (const post of posts) {
    previews.set(`post:${post.id}`, {
      username: post.username,
      displayName: post.display_name,
      caption: post.caption,
      pictureUri: post.image_uri ?? post.cover_image_uri,
      actedOn: post.hidden_at !== null,
      postId: null,
      gone: post.deleted_at !== null,
    });
  }
  for (const citizen of citizens) {
    previews.set(`citizen:${citizen.id}`, {
      username: citizen.username,
      displayName: citizen.display_name,
      caption: null,
      pictureUri: citizen.profile_picture_uri,
      actedOn: citizen.suspended_at !== null,
      postId: null,
      gone: false,
    });
  }
  return previews;
}
