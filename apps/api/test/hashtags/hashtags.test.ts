import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../support/answers.js';
import { asCitizen, type Citizen, createTestApp, type TestApp } from '../support/harness.js';
import { indexNames } from '../support/indexes.js';
import { uniquePrefix } from '../support/people.js';

// An empty database (no demo world), so the unfiltered list holds exactly the tags made here.
let t: TestApp;
let author: Citizen;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  author = await t.newCitizen();
});
afterAll(() => t.close());

const hashtags = (query = '') =>
  t.request({ method: 'GET', url: `/api/users/hashtags${query}`, as: asCitizen(author) });
const search = (text: string, query = '') => hashtags(`?search=${encodeURIComponent(text)}${query}`);

describe('GET /hashtags', () => {
  let p: string;
  beforeAll(async () => {
    p = uniquePrefix();
    await t.newPost({ authorId: author.id, caption: `#${p}Alpha and #${p}beta` });
    await t.newPost({ authorId: author.id, caption: `again #${p}alpha` });
    await t.newPost({ authorId: author.id, caption: `#${p}_under #${p}xunder` });
    const gone = await t.newPost({ authorId: author.id, caption: `#${p}gamma` });
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/users/creators-content/${gone}`,
      as: asCitizen(author),
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('lists tags in use, most used first, then by name', async () => {
    const body = expectOk(await hashtags());
    const expected = [
      { name: `${p}Alpha`, postsCount: 2 },
      { name: `${p}_under`, postsCount: 1 },
      { name: `${p}beta`, postsCount: 1 },
      { name: `${p}xunder`, postsCount: 1 },
    ];
    expect(body).toEqual({ data: expected, total: 4, totalHashTags: 4 });
    expect(expectOk(await search(p))).toEqual({ data: expected, total: 4, totalHashTags: 4 });
  });

  it('matches the start of the tag, with or without "#", in any case', async () => {
    const alpha = [{ name: `${p}Alpha`, postsCount: 2 }];
    expect(expectOk(await search(`#${p}A`)).data).toEqual(alpha);
    expect(expectOk(await search(`${p.toUpperCase()}AL`)).data).toEqual(alpha);
    expect(expectOk(await search('lpha')).data).toEqual([]);
    expect(expectOk(await search(`${p}gamma`))).toEqual({ data: [], total: 0, totalHashTags: 0 });
  });

  it('treats % and _ in the search literally', async () => {
    expect(expectOk(await search(`${p}_`)).data.map((tag: { name: string }) => tag.name)).toEqual([`${p}_under`]);
    expect(expectOk(await search(`${p}%`)).data).toEqual([]);
    expect(expectOk(await search('%')).data).toEqual([]);
  });

  it('pages by limit and offset and stops on an empty page', async () => {
    const names: string[] = [];
    for (let offset = 0; ; offset += 3) {
      const body = expectOk(await search(p, `&limit=3&offset=${offset}`));
      expect(body.total).toBe(4);
      if (body.data.length === 0) break;
      names.push(...body.data.map((tag: { name: string }) => tag.name));
    }
    expect(names).toEqual([`${p}Alpha`, `${p}_under`, `${p}beta`, `${p}xunder`]);
  });

  it('answers bad paging or an over-long search with 400', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=-1',
      '?limit=abc',
      '?offset=-1',
      `?search=${'a'.repeat(101)}`,
    ]) {
      const res = await hashtags(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /hashtags without a search, kept for a moment (ADR 046)', () => {
  let kept: TestApp;
  let writer: Citizen;
  beforeAll(async () => {
    kept = await createTestApp({ seed: false, env: { HASHTAG_LIST_CACHE_MS: '600000' } });
    writer = await kept.newCitizen();
  });
  afterAll(() => kept.close());
  const list = (query = '') =>
    kept.request({ method: 'GET', url: `/api/users/hashtags${query}`, as: asCitizen(writer) });

  it('keeps no index on a tag count, so the count each post moves touches no index (migration 008)', async () => {
    const indexes = await indexNames(kept.ctx);
    expect(indexes).toContain('hashtags_name_prefix');
    expect(indexes).not.toContain('hashtags_popularity');
  });

  it('answers the unfiltered list as it was for the period, while a search sees new tags at once', async () => {
    const p = uniquePrefix();
    await kept.newPost({ authorId: writer.id, caption: `#${p}first` });
    const before = expectOk(await list());
    expect(before).toEqual({ data: [{ name: `${p}first`, postsCount: 1 }], total: 1, totalHashTags: 1 });

    await kept.newPost({ authorId: writer.id, caption: `#${p}first #${p}second` });
    expect(expectOk(await list())).toEqual(before);
    expect(expectOk(await list(`?search=${p}`))).toEqual({
      data: [
        { name: `${p}first`, postsCount: 2 },
        { name: `${p}second`, postsCount: 1 },
      ],
      total: 2,
      totalHashTags: 2,
    });
    // Another page size is its own entry, read when first asked.
    expect(expectOk(await list('?limit=1')).data).toEqual([{ name: `${p}first`, postsCount: 2 }]);
  });
});
