import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { newId } from '../../src/db/ids.js';
import { insertPost } from '../../src/seed/posts.js';
import { cli } from '../support/cli.js';
import { provideTempDatabase, type TempDatabase } from '../support/temp-database.js';

let db: TempDatabase;
let ctx: AppContext;
provideTempDatabase((opened, context) => {
  db = opened;
  ctx = context;
});

async function newUser(username: string): Promise<string> {
  const run = await cli(db.env, 'create-user', '--username', username, '--display-name', username, '--country', 'GB');
  expect(run.code, run.err).toBe(0);
  const row = await ctx.db
    .selectFrom('citizens')
    .select('id')
    .where('username_key', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

const roles = (citizenId: string) =>
  ctx.db.selectFrom('citizen_roles').select('role').where('citizen_id', '=', citizenId).execute();

describe('civitas grant-role and revoke-role', () => {
  it('give and take the moderator role, idempotently, and refuse unknown roles and citizens', async () => {
    const id = await newUser('mod_cli');
    expect(await cli(db.env, 'grant-role', '--username', 'mod_cli', '--role', 'moderator')).toMatchObject({
      code: 0,
      out: 'mod_cli is a moderator.\n',
    });
    expect((await cli(db.env, 'grant-role', '--username', 'MOD_cli', '--role', 'moderator')).code).toBe(0);
    expect(await roles(id)).toEqual([{ role: 'moderator' }]);
    expect(await cli(db.env, 'revoke-role', '--username', 'mod_cli', '--role', 'moderator')).toMatchObject({
      code: 0,
      out: 'mod_cli is no longer a moderator.\n',
    });
    expect(await roles(id)).toEqual([]);
    expect((await cli(db.env, 'revoke-role', '--username', 'mod_cli', '--role', 'moderator')).out).toBe(
      'mod_cli was not a moderator.\n',
    );
    const badRole = await cli(db.env, 'grant-role', '--username', 'mod_cli', '--role', 'admin');
    expect(badRole.code).toBe(2);
    expect(badRole.err).toContain('The only role is moderator.');
    const nobody = await cli(db.env, 'grant-role', '--username', 'nobody_here', '--role', 'moderator');
    expect(nobody).toMatchObject({ code: 1, err: 'error: No citizen nobody_here.\n' });
  });
});

describe('civitas moderate', () => {
  it('hides and restores a post, suspends and unsuspends a citizen, each logged without a moderator', async () => {
    const authorId = await newUser('author_cli');
    const postId = await insertPost(ctx.db, { authorId, caption: 'to hide' }, Date.now());
    const hide = await cli(db.env, 'moderate', '--action', 'hide-post', '--post', postId, '--reason', 'spam');
    expect(hide.code, hide.err).toBe(0);
    expect(hide.out).toContain(`hide-post: post ${postId}`);
    const post = await ctx.db
      .selectFrom('posts')
      .select(['hidden_at', 'moderation_reason'])
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    expect(post.hidden_at).not.toBeNull();
    expect(post.moderation_reason).toBe('spam');
    expect(await cli(db.env, 'moderate', '--action', 'hide-post', '--post', postId)).toMatchObject({
      code: 1,
      err: 'error: This post is already hidden.\n',
    });
    expect((await cli(db.env, 'moderate', '--action', 'restore-post', '--post', postId)).code).toBe(0);

    const suspend = await cli(db.env, 'moderate', '--action', 'suspend', '--username', 'author_cli', '--note', 'spam');
    expect(suspend.code, suspend.err).toBe(0);
    const citizen = await ctx.db
      .selectFrom('citizens')
      .select('suspended_at')
      .where('id', '=', authorId)
      .executeTakeFirstOrThrow();
    expect(citizen.suspended_at).not.toBeNull();
    expect((await cli(db.env, 'moderate', '--action', 'unsuspend', '--username', 'author_cli')).code).toBe(0);

    const log = await ctx.db.selectFrom('moderation_log').select(['action', 'moderator_id']).orderBy('id').execute();
    expect(log).toEqual([
      { action: 'hide-post', moderator_id: null },
      { action: 'restore-post', moderator_id: null },
      { action: 'suspend', moderator_id: null },
      { action: 'unsuspend', moderator_id: null },
    ]);
  });

  it('hides and restores a comment named directly, moving the count of its post', async () => {
    const authorId = await newUser('commenter_cli');
    const postId = await insertPost(ctx.db, { authorId, caption: 'commented' }, Date.now());
    const commentId = newId();
    await ctx.db
      .insertInto('comments')
      .values({
        id: commentId,
        post_id: postId,
        thread_id: commentId,
        parent_id: null,
        author_id: authorId,
        text: 'rude',
        mention_ids: '[]',
        created_at: Date.now(),
        hidden_at: null,
        moderation_reason: null,
      })
      .execute();
    await ctx.db.updateTable('posts').set({ comments_count: 1 }).where('id', '=', postId).execute();
    const count = async () =>
      (await ctx.db.selectFrom('posts').select('comments_count').where('id', '=', postId).executeTakeFirstOrThrow())
        .comments_count;
    const hide = await cli(
      db.env,
      'moderate',
      '--action',
      'hide-comment',
      '--comment',
      commentId,
      '--reason',
      'harassment',
    );
    expect(hide.code, hide.err).toBe(0);
    expect(hide.out).toContain(`hide-comment: comment ${commentId}`);
    expect(Number(await count())).toBe(0);
    expect(await cli(db.env, 'moderate', '--action', 'hide-comment', '--comment', commentId)).toMatchObject({
      code: 1,
      err: 'error: This comment is already hidden.\n',
    });
    expect((await cli(db.env, 'moderate', '--action', 'restore-comment', '--comment', commentId)).code).toBe(0);
    expect(Number(await count())).toBe(1);
  });

  it('answers bad arguments with usage errors', async () => {
    const noTarget = await cli(db.env, 'moderate', '--action', 'dismiss');
    expect(noTarget.code).toBe(2);
    expect(noTarget.err).toContain('Say on what');
    const badAction = await cli(db.env, 'moderate', '--action', 'ban', '--username', 'x_y_z');
    expect(badAction.code).toBe(2);
    expect(badAction.err).toContain(
      'Choose one of dismiss, hide-post, restore-post, hide-comment, restore-comment, suspend, unsuspend.',
    );
    const misfit = await cli(db.env, 'moderate', '--action', 'hide-post', '--username', 'author_cli');
    expect(misfit.code).toBe(1);
    expect(misfit.err).toContain('acts on a reported post');
  });
});
