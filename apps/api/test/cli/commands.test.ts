import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { insertPost } from '../../src/seed/posts.js';
import { cli } from '../support/cli.js';
import { unknownId } from '../support/harness.js';
import { provideTempDatabase, type TempDatabase } from '../support/temp-database.js';

let db: TempDatabase;
let ctx: AppContext;
provideTempDatabase((opened, context) => {
  db = opened;
  ctx = context;
});

/** Tokens the CLI prints are verified with the keys the server would load from the same database. */
const verify = (token: string) => ctx.tokens.verify(token);

describe('civitas migrate', () => {
  it('reports the schema is up to date', async () => {
    const run = await cli(db.env, 'migrate');
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toMatch(/^Database is up to date \(latest migration: 0\d\d-/);
  });
});

describe('civitas create-user', () => {
  it('creates a citizen', async () => {
    const run = await cli(
      db.env,
      'create-user',
      '--username',
      'ana_cli',
      '--display-name',
      'Ana Cli',
      '--country',
      'de',
    );
    expect(run.code).toBe(0);
    const row = await ctx.db
      .selectFrom('citizens')
      .selectAll()
      .where('username_key', '=', 'ana_cli')
      .executeTakeFirst();
    expect(row).toMatchObject({ display_name: 'Ana Cli', country: 'DE', posts_count: 0 });
    expect(run.out).toContain(row?.id);
  });

  it('refuses a taken username with a clear message', async () => {
    const run = await cli(db.env, 'create-user', '--username', 'ANA_cli', '--display-name', 'Other', '--country', 'GB');
    expect(run).toMatchObject({ code: 1, out: '' });
    expect(run.err).toBe('error: A citizen with username "ANA_cli" already exists.\n');
  });

  it('answers bad arguments with usage errors, never a stack trace', async () => {
    const badName = await cli(db.env, 'create-user', '--username', 'a b', '--display-name', 'X', '--country', 'GB');
    expect(badName.code).toBe(2);
    expect(badName.err).toContain("option '--username <name>' argument 'a b' is invalid");
    expect(badName.err).toContain('may hold only letters, digits and underscores');
    const missing = await cli(db.env, 'create-user', '--username', 'zed_cli');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("required option '--display-name <name>' not specified");
    const unknown = await cli(db.env, 'frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown command 'frobnicate'");
    for (const run of [badName, missing, unknown]) expect(run.err).not.toMatch(/\n\s+at /);
  });
});

describe('civitas mint-token', () => {
  it('mints a citizen token the server accepts', async () => {
    const run = await cli(db.env, 'mint-token', '--username', 'ana_cli');
    expect(run.code).toBe(0);
    const caller = await verify(run.out.trim());
    expect(caller).toMatchObject({ kind: 'citizen', username: 'ana_cli' });
  });

  it('mints guest and machine tokens', async () => {
    const guestRun = await cli(db.env, 'mint-token', '--guest');
    expect(await verify(guestRun.out.trim())).toMatchObject({ kind: 'guest' });
    const machineRun = await cli(db.env, 'mint-token', '--machine', '--scopes', 'content,social', '--ttl', '600');
    expect(await verify(machineRun.out.trim())).toMatchObject({ kind: 'machine', scopes: ['content', 'social'] });
  });

  it('is refused in production', async () => {
    const production: NodeJS.ProcessEnv[] = [
      { ...db.env, NODE_ENV: 'production' },
      { ...db.env, APP_ENV: 'prod' },
    ];
    for (const env of production) {
      const run = await cli(env, 'mint-token', '--username', 'ana_cli');
      expect(run).toMatchObject({ code: 1, out: '' });
      expect(run.err).toContain('mint-token is a development tool and is refused in production');
    }
  });

  it('explains what is missing or wrong', async () => {
    expect((await cli(db.env, 'mint-token', '--username', 'nobody_here')).err).toBe(
      'error: No citizen is called "nobody_here".\n',
    );
    const none = await cli(db.env, 'mint-token');
    expect(none.code).toBe(2);
    expect(none.err).toContain('--username <name>, --guest or --machine --scopes <list>');
    const noScopes = await cli(db.env, 'mint-token', '--machine');
    expect([noScopes.code, noScopes.err]).toEqual([
      2,
      'error: --machine needs --scopes, e.g. --scopes content,social\n',
    ]);
    const badScope = await cli(db.env, 'mint-token', '--machine', '--scopes', 'content,root');
    expect(badScope.code).toBe(2);
    expect(badScope.err).toContain('Unknown scope root');
    const both = await cli(db.env, 'mint-token', '--guest', '--username', 'ana_cli');
    expect(both.code).toBe(2);
    expect(both.err).toContain('cannot be used with');
  });
});

describe('civitas stage / unstage', () => {
  let authorId: string;
  beforeAll(async () => {
    const row = await ctx.db
      .selectFrom('citizens')
      .select('id')
      .where('username_key', '=', 'ana_cli')
      .executeTakeFirstOrThrow();
    authorId = row.id;
  });
  const entries = (postId: string) =>
    ctx.db
      .selectFrom('stage_entries')
      .select(['country', 'source'])
      .where('post_id', '=', postId)
      .orderBy('country')
      .execute();

  it('puts a public post on the stage of the given countries, and takes it off again', async () => {
    const postId = await insertPost(ctx.db, { authorId, caption: 'stage me' }, Date.now());
    const run = await cli(db.env, 'stage', '--post', postId, '--countries', 'gb, DE');
    expect(run).toMatchObject({ code: 0, out: `Post ${postId} is on the stage of GB, DE.\n` });
    expect(await entries(postId)).toEqual([
      { country: 'DE', source: 'curated' },
      { country: 'GB', source: 'curated' },
    ]);
    expect((await cli(db.env, 'unstage', '--post', postId, '--countries', 'GB')).code).toBe(0);
    expect(await entries(postId)).toEqual([{ country: 'DE', source: 'curated' }]);
    expect((await cli(db.env, 'unstage', '--post', postId)).code).toBe(0);
    expect(await entries(postId)).toEqual([]);
  });

  it('defaults to the author’s country', async () => {
    const postId = await insertPost(ctx.db, { authorId, caption: 'home stage' }, Date.now());
    expect((await cli(db.env, 'stage', '--post', postId)).code).toBe(0);
    expect(await entries(postId)).toEqual([{ country: 'DE', source: 'curated' }]);
  });

  it('refuses private, unready and unknown posts, and malformed ids', async () => {
    const privatePost = await insertPost(ctx.db, { authorId, sharing: 'private' }, Date.now());
    const pending = await insertPost(ctx.db, { authorId, status: 'awaiting_upload' }, Date.now());
    expect((await cli(db.env, 'stage', '--post', privatePost)).err).toContain('Only public posts can go on the stage');
    expect((await cli(db.env, 'stage', '--post', pending)).err).toContain('not ready yet (status: awaiting_upload)');
    const unknown = await cli(db.env, 'stage', '--post', unknownId);
    expect([unknown.code, unknown.err]).toEqual([1, `error: No post ${unknownId}.\n`]);
    const malformed = await cli(db.env, 'stage', '--post', 'abc', '--countries', 'GB');
    expect(malformed.code).toBe(2);
    expect(malformed.err).toContain("argument 'abc' is invalid. It must be a UUID");
    const badCountry = await cli(db.env, 'stage', '--post', privatePost, '--countries', 'GBR');
    expect(badCountry.code).toBe(2);
    expect(badCountry.err).toContain('two-letter ISO 3166-1 country code');
    expect(await entries(privatePost)).toEqual([]);
  });
});

describe('civitas generate', () => {
  it('writes a small dataset and reports what it wrote', async () => {
    const likes = async () => {
      const row = await ctx.db
        .selectFrom('posts')
        .select((eb) => [eb.fn.sum<number>('likes_count').as('counted'), eb.fn.countAll<number>().as('posts')])
        .executeTakeFirstOrThrow();
      const rows = await ctx.db
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { counted: Number(row.counted ?? 0), posts: Number(row.posts), rows: Number(rows.n) };
    };
    const before = await likes();
    const run = await cli(db.env, 'generate', '--citizens', '50', '--posts', '100', '--likes', '300', '--images', '2');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Generated 50 citizens, 100 posts \(\d+ private\), 300 likes, 500 follows/);
    expect(run.err).toContain('indexes: ');
    expect(await likes()).toEqual({
      counted: before.counted + 300,
      posts: before.posts + 100,
      rows: before.rows + 300,
    });
  });

  it('refuses impossible sizes before opening any database', async () => {
    const elsewhere = `${db.dataDir}/never-created`;
    const run = await cli(
      { ...db.env, DATA_DIR: elsewhere, DATABASE_URL: undefined },
      'generate',
      '--citizens',
      '3',
      '--posts',
      '1',
      '--likes',
      '5',
    );
    expect([run.code, run.err]).toEqual([
      2,
      'error: 5 likes do not fit: each post can have at most 2 (one per other citizen)\n',
    ]);
    expect(existsSync(elsewhere)).toBe(false);
  });
});

describe('civitas seed', () => {
  it('refuses a database that has other citizens unless forced, then seeds once', async () => {
    const refused = await cli(db.env, 'seed');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/already has \d+ citizens; pass --force/);
    const seeded = await cli(db.env, 'seed', '--force');
    expect(seeded.code).toBe(0);
    expect(seeded.out).toContain('Seeded the demo world: 8 citizens (alice, bob,');
    const again = await cli(db.env, 'seed');
    expect(again).toMatchObject({ code: 0, out: 'The demo world is already seeded; nothing to do.\n' });
    const alice = await ctx.db
      .selectFrom('citizens')
      .selectAll()
      .where('username_key', '=', 'alice')
      .executeTakeFirst();
    expect(alice?.profile_picture_uri).toMatch(/^\/media\/demo\/alice\/avatar-[0-9a-f]{12}\.jpg$/);
    expect(alice?.posts_count).toBeGreaterThan(0);
  });
});
