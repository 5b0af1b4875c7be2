import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedPipeline, runFeed } from '../../src/domains/feeds/pipeline.js';
import { publicRules } from '../../src/domains/posts/visibility.js';
import { deletePost } from '../support/calls.js';
import { type Citizen, createTestApp, type TestApp } from '../support/harness.js';

// runFeed on a real database with a skeleton that does NOT filter in SQL: the rules alone must keep deleted,
// private and unready posts out, and wholly filtered pages must not end paging early.

let t: TestApp;
let author: Citizen;
const dropped: string[] = [];
let visible: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  author = await t.newCitizen();
  for (let i = 0; i < 14; i++) {
    const id = await t.newPost({ authorId: author.id });
    await deletePost(t, id, author);
    dropped.push(id);
  }
  dropped.push(await t.newPost({ authorId: author.id, sharing: 'private' }));
  dropped.push(await t.newPost({ authorId: author.id, status: 'processing' }));
  visible = [await t.newPost({ authorId: author.id }), await t.newPost({ authorId: author.id })];
});
afterAll(() => t.close());

/** Pages of two ids from a fixed list; the token is the next index. */
const listSkeleton =
  (ids: string[]): FeedPipeline['skeleton'] =>
  async (token) => {
    const start = token === undefined ? 0 : Number(token);
    const postIds = ids.slice(start, start + 2);
    return { postIds, continuationToken: postIds.length === 0 ? null : String(start + 2) };
  };

describe('runFeed', () => {
  it('applies the rules after hydration and reads on past pages the rules emptied', async () => {
    const ids = [...(dropped.slice(0, 4) as string[]), dropped[14], visible[0], dropped[15]] as string[];
    const pipeline = { skeleton: listSkeleton(ids), rules: publicRules };
    const first = await runFeed(t.ctx, null, pipeline, undefined);
    expect(first.data.map((post) => post.id)).toEqual([visible[0]]);
    expect(first.continuationToken).toBe('6');
    const last = await runFeed(t.ctx, null, pipeline, first.continuationToken ?? undefined);
    expect(last).toEqual({ data: [], continuationToken: null });
  });

  it('stops after a bounded number of emptied pages, keeping the token so paging can go on', async () => {
    const ids = [...dropped.slice(0, 14), ...visible] as string[];
    const pipeline = { skeleton: listSkeleton(ids), rules: publicRules };
    const first = await runFeed(t.ctx, null, pipeline, undefined);
    expect(first.data).toEqual([]);
    expect(first.continuationToken).toBe('12');
    const next = await runFeed(t.ctx, null, pipeline, first.continuationToken ?? undefined);
    expect(next.data.map((post) => post.id)).toEqual(visible);
  });
});
