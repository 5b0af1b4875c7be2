import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../src/cli/commands/moderation.js';
import * as migration019 from '../../src/db/migrations/019-search-prefixes.js';
import { rankedMatches } from '../../src/domains/search/people-search.js';
import { retierSearch, searchPrefixesOf, searchTier } from '../../src/domains/search/search-terms.js';
import { type Citizen, createTestApp, guest, type TestApp, type Who } from '../support/harness.js';

// Search (ADR 082): people by the start of their username, name or any later word of it, accents and case ignored,
// in any script; hashtags by their start; ranked, paged, and with blocks and suspensions honoured.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

interface SearchBody {
  kind: 'people' | 'hashtags';
  data: { username?: string; name?: string; postsCount?: number; amIFollowing?: boolean }[];
  continuationToken: string | null;
}

async function searchAs(as: Who, query: Record<string, string | number>) {
  const url = `/api/graphs/v1/search?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const res = await t.request({ method: 'GET', url, as });
  return res;
}

async function found(as: Who, q: string, extra: Record<string, string | number> = {}): Promise<string[]> {
  const res = await searchAs(as, { q, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as SearchBody;
  return body.data.map((row) => (body.kind === 'people' ? (row.username as string) : (row.name as string)));
}

const named = (username: string, displayName: string) => t.newCitizen({ username, displayName });

/** A citizen's count as a crowd of followers would leave it, and their search tier moved to it as a follow moves it. */
async function followedBy(who: Citizen, followers: number) {
  const moved = await t.ctx.db
    .updateTable('citizens')
    .set({ followers_count: followers })
    .where('id', '=', who.id)
    .returning(['id', 'followers_count'])
    .executeTakeFirstOrThrow();
  await retierSearch(t.ctx.db, [moved]);
}

describe('people search', () => {
  it('finds a username, a name or any later word of it from its start, accents and case ignored, any script', async () => {
    const elodie = await named('elodie_m', 'Élodie Marchand-Léger');
    const mary = await named('mary_a', 'Mary Ann Smithers');
    const anil = await named('anil_k', 'अनिल कुमार');
    const jose = await named('jpena', 'José Peña');
    for (const [q, who] of [
      ['elo', elodie],
      ['ÉLO', elodie],
      ['Élodie M', elodie],
      ['leger', elodie], // a word after a hyphen
      ['smither', mary], // the third word
      ['ELODIE_', elodie], // the username
      ['कुम', anil], // a later word in Devanagari
      ['अनिल', anil],
      ['pena', jose],
      ['peña', jose],
    ] as const) {
      expect(await found(guest, q), q).toContain(who.username);
    }
    // From the start only: the middle of a word finds nobody.
    expect(await found(guest, 'odie')).not.toContain(elodie.username);
    // A Devanagari vowel sign is a letter of its word, never folded away: "कम" is not "कुम".
    expect(await found(guest, 'कम')).not.toContain(anil.username);
  });

  it('ranks the exact username first, then people I follow, then the most followed', async () => {
    const me = await named('ranker_me', 'Ranker Me');
    const popular = await named('zed_popular', 'Zed Popular');
    const followed = await named('zed_followed', 'Zed Followed');
    const exact = await named('zed', 'Someone Else');
    const quiet = await named('zed_quiet', 'Zed Quiet');
    await followedBy(popular, 500);
    await followedBy(quiet, 3);
    const res = await t.request({ method: 'POST', url: `/api/users/influencers/me/follow/${followed.id}`, as: me });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await found(me, 'zed')).toEqual([exact.username, followed.username, popular.username, quiet.username]);
    // A guest follows nobody: the most followed come first after the exact match.
    expect((await found(guest, 'zed')).slice(0, 2)).toEqual([exact.username, popular.username]);
    const body = (await searchAs(me, { q: 'zed_f' })).json() as SearchBody;
    expect(body.data[0]).toMatchObject({ username: followed.username, amIFollowing: true });
  });

  it('leaves out anyone with a block either way, suspended or pending, and follows a rename', async () => {
    const me = await named('hider_me', 'Hider Me');
    const [blocked, blocker, suspended, renamed] = await Promise.all([
      named('qqblocked', 'Qq Blocked'),
      named('qqblocker', 'Qq Blocker'),
      named('qqsuspended', 'Qq Suspended'),
      named('qqrenamed', 'Qq Renamed'),
    ]);
    const pending = await t.newCitizen({
      username: 'qqpending',
      displayName: 'Qq Pending',
      pendingUntil: Date.now() + 60_000,
    });
    for (const [who, other] of [
      [me, blocked],
      [blocker, me],
    ] as const) {
      const res = await t.request({ method: 'POST', url: `/api/users/influencers/me/block/${other.id}`, as: who });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.ctx.db.updateTable('citizens').set({ suspended_at: Date.now() }).where('id', '=', suspended.id).execute();
    const mine = await found(me, 'qq');
    expect(mine).toContain(renamed.username);
    for (const hidden of [blocked, blocker, suspended, pending]) expect(mine).not.toContain(hidden.username);
    expect(await found(guest, 'qq')).toEqual(expect.arrayContaining([blocked.username, blocker.username]));

    const rename = await t.request({
      method: 'PUT',
      url: '/api/users/influencers/me/profile',
      as: renamed,
      payload: { displayName: 'Wholly Different', bio: '' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(await found(me, 'qq renamed')).toEqual([]);
    expect(await found(me, 'different')).toEqual([renamed.username]);
    // The mention picker matches the same terms.
    const mention = await t.request({ method: 'GET', url: '/api/graphs/v3/citizens/search-mention/wholl', as: me });
    expect((mention.json() as { data: { username: string }[] }).data.map((p) => p.username)).toEqual([
      renamed.username,
    ]);
  });

  it('reads the rest in rank order from the index, leaving out whom the viewer may not see', async () => {
    const me = await named('walker_me', 'Walker Me');
    const people: Citizen[] = [];
    for (let i = 0; i < 9; i++) people.push(await named(`wk_${i}`, `Walk Person${i}`));
    const followersOf = (i: number) => [0, 1, 3, 7, 40, 2, 1000, 0, 5][i] as number;
    for (const [i, person] of people.entries()) await followedBy(person, followersOf(i));
    const blocked = people[4] as Citizen;
    const res = await t.request({ method: 'POST', url: `/api/users/influencers/me/block/${blocked.id}`, as: me });
    expect(res.statusCode, res.body).toBe(200);
    for (const viewerId of [me.id, null]) {
      const search = { viewerId, q: 'walk p', limit: 20, offset: 0 };
      const read = (await rankedMatches(t.ctx.db, search, 20).execute()).map((row) => row.username);
      const visible = people.filter((p) => viewerId === null || p !== blocked);
      // By tier (a quarter of a doubling of followers), then username: wk_0 and wk_7, both without, by name.
      const expected = [...visible]
        .sort(
          (a, b) =>
            searchTier(followersOf(people.indexOf(b))) - searchTier(followersOf(people.indexOf(a))) ||
            a.username.localeCompare(b.username),
        )
        .map((p) => p.username);
      expect(read).toEqual(expected);
      expect(read.slice(0, 2)).toEqual(viewerId ? ['wk_6', 'wk_3'] : ['wk_6', 'wk_4']);
    }
  });

  it('finds past the kept prefix length by checking each match whole', async () => {
    const long = await named('longname_one', 'Bartholomew-Maximilian Featherstonehaugh');
    const near = await named('longname_two', 'Bartholomew-Maximilian Feathers');
    expect(await found(guest, 'featherstonehaugh')).toEqual([long.username]);
    expect((await found(guest, 'feathers')).sort()).toEqual([long.username, near.username].sort());
    // 24 characters, past the 20 kept: only the name that really starts with all of them.
    expect(await found(guest, 'bartholomew-maximilian f')).toEqual(
      expect.arrayContaining([long.username, near.username]),
    );
    expect(await found(guest, 'bartholomew maximilian featherst')).toEqual([]);
    expect(await found(guest, 'bartholomew-maximilian featherst')).toEqual([long.username]);
    // Pages of a long search hold as many as they say, to its end.
    const more = [];
    for (const name of ['Quentin-Aloysius Wetherby A', 'Quentin-Aloysius Wetherby B', 'Quentin-Aloysius Wetherby C']) {
      more.push(await named(`qaw_${more.length}`, name));
    }
    await named('qaw_other', 'Quentin-Aloysius Westwood');
    const first = (await searchAs(guest, { q: 'quentin-aloysius wetherby', limit: 2 })).json() as SearchBody;
    expect(first.data).toHaveLength(2);
    const rest = await searchAs(guest, {
      q: 'quentin-aloysius wetherby',
      limit: 2,
      continuationToken: first.continuationToken as string,
    });
    const all = [...first.data, ...(rest.json() as SearchBody).data].map((row) => row.username);
    expect(all.sort()).toEqual(more.map((p) => p.username).sort());
  });

  it('pages with a token bound to its search and reader, to an end', async () => {
    const people: Citizen[] = [];
    for (let i = 0; i < 7; i++) people.push(await named(`pager_${i}`, `Pager ${i}`));
    const seen: string[] = [];
    let token: string | null = null;
    for (let page = 0; page < 10; page++) {
      const res = await searchAs(guest, { q: 'pager', limit: 3, ...(token ? { continuationToken: token } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as SearchBody;
      seen.push(...body.data.map((row) => row.username as string));
      token = body.continuationToken;
      if (!token) break;
    }
    expect(seen.sort()).toEqual(people.map((p) => p.username).sort());
    const first = (await searchAs(guest, { q: 'pager', limit: 3 })).json() as SearchBody;
    const other = await searchAs(guest, { q: 'pag', limit: 3, continuationToken: first.continuationToken as string });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'INVALID_CONTINUATION_TOKEN' });
  });

  it('refuses an empty search with a message a person can act on', async () => {
    for (const q of ['', '   ', '@', '#']) {
      const res = await searchAs(guest, { q });
      expect(res.statusCode, q).toBe(400);
      expect(res.body).toMatch(/q must/);
    }
    const res = await searchAs(guest, { q: 'a', kind: 'places' });
    expect(res.statusCode).toBe(400);
  });
});

describe('hashtag search', () => {
  it('finds hashtags in use by their start, most used first, with their counts, for guests too', async () => {
    const author = await named('tagger', 'Tag Ger');
    for (const caption of ['#SunsetSea', '#sunsetsea again', '#SunsetCity', '#sundial']) {
      await t.newPost({ authorId: author.id, caption });
    }
    await t.newPost({ authorId: author.id, caption: '#sunsetsecret', sharing: 'private' });
    const res = await searchAs(guest, { q: '#sunset', kind: 'hashtags' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as SearchBody).data).toEqual([
      { name: expect.stringMatching(/^sunsetsea$/i), postsCount: 2 },
      { name: expect.stringMatching(/^sunsetcity$/i), postsCount: 1 },
    ]);
  });
});

describe('the prefixes a citizen is found by', () => {
  it('are written with the account and kept as the migration wrote them', async () => {
    const names: [string, string][] = [
      ['elodie_m', 'Élodie Marchand-Léger'],
      ['anil_k', 'अनिल कुमार'],
      ['x_y', '  Spaced   Out  '],
      ['o_b', "Seán O'Brien ﬁne"],
      ['long_one', 'Supercalifragilisticexpialidocious Person'],
    ];
    for (const [username, displayName] of names) {
      // The live rule and the one migration 019 filled the table with: a change to the rule needs a migration.
      expect(migration019.prefixesAsOf019(username, displayName), displayName).toEqual(
        searchPrefixesOf(username, displayName),
      );
    }
    for (const followers of [0, 1, 2, 3, 7, 500, 1023, 1_000_000]) {
      expect(migration019.tierAsOf019(followers), String(followers)).toBe(searchTier(followers));
    }
    await expectPrefixesAsTheRulesSay();
  });

  it('keep their tier with the follower count through follows, unfollows, blocks and suspensions', async () => {
    const star = await named('tier_star', 'Tier Star');
    const fans: Citizen[] = [];
    for (let i = 0; i < 4; i++) fans.push(await named(`tier_fan${i}`, `Tier Fan${i}`));
    const call = async (as: Citizen, method: 'POST', url: string) => {
      const res = await t.request({ method, url, as });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    };
    const tierOf = async () => {
      const rows = await t.ctx.db
        .selectFrom('citizen_search_prefixes')
        .select('tier')
        .distinct()
        .where('citizen_id', '=', star.id)
        .execute();
      expect(rows).toHaveLength(1);
      return rows[0]?.tier;
    };
    for (const fan of fans) await call(fan, 'POST', `/api/users/influencers/me/follow/${star.id}`);
    expect(await tierOf()).toBe(searchTier(4));
    await call(fans[0] as Citizen, 'POST', `/api/users/influencers/me/unfollow/${star.id}`);
    expect(await tierOf()).toBe(searchTier(3));
    // A block ends the follow either way.
    await call(star, 'POST', `/api/users/influencers/me/block/${(fans[1] as Citizen).id}`);
    expect(await tierOf()).toBe(searchTier(2));
    await expectPrefixesAsTheRulesSay();
    // A suspended follower stops counting, and counts again when the suspension is lifted.
    const moderator = await named('tier_mod', 'Tier Mod');
    await grantRole(t.ctx, moderator.username, 'moderator');
    const fan = fans[2] as Citizen;
    const filed = await t.request({
      method: 'POST',
      url: '/api/moderation/v1/reports',
      as: star,
      payload: { subject: { kind: 'citizen', id: fan.id }, reason: 'spam' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const decide = async (action: 'suspend' | 'unsuspend') => {
      const res = await t.request({
        method: 'POST',
        url: `/api/moderation/v1/reports/${(filed.json() as { id: string }).id}/decision`,
        as: moderator,
        payload: { action, note: 'tiers' },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await decide('suspend');
    expect(await tierOf()).toBe(searchTier(1));
    await expectPrefixesAsTheRulesSay();
    await decide('unsuspend');
    expect(await tierOf()).toBe(searchTier(2));
    await expectPrefixesAsTheRulesSay();
  });

  it('are filled by migration 019 for the citizens there were before it, from the schema 018 left', async () => {
    const before = await createTestApp({ seed: false });
    try {
      const db = before.ctx.db as unknown as Kysely<unknown>;
      await migration019.down(db);
      // A citizen as a build before 019 wrote one: a row, and no prefixes.
      const now = Date.now();
      await before.ctx.db
        .insertInto('citizens')
        .values({
          id: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f7a',
          username: 'legacy_one',
          username_key: 'legacy_one',
          display_name: 'Légacy Person',
          display_name_key: 'légacy person',
          country: 'GB',
          bio: '',
          language: 'en',
          followers_count: 12,
          following_count: 0,
          friends_count: 0,
          posts_count: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await migration019.up(db);
      const res = await before.request({ method: 'GET', url: '/api/graphs/v1/search?q=legacy%20per', as: guest });
      expect((res.json() as SearchBody).data.map((row) => row.username)).toEqual(['legacy_one']);
      const tiers = await before.ctx.db
        .selectFrom('citizen_search_prefixes')
        .select('tier')
        .distinct()
        .where('citizen_id', '=', '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f7a')
        .execute();
      expect(tiers).toEqual([{ tier: searchTier(12) }]);
    } finally {
      await before.close();
    }
  });
});

/** Every citizen's stored prefixes are those the live rules give, each with the tier of their follower count. */
async function expectPrefixesAsTheRulesSay() {
  const stored = await t.ctx.db
    .selectFrom('citizens')
    .innerJoin('citizen_search_prefixes as p', 'p.citizen_id', 'citizens.id')
    .select([
      'citizens.id',
      'citizens.username',
      'citizens.display_name',
      'citizens.followers_count',
      'p.prefix',
      'p.tier',
    ])
    .execute();
  const byCitizen = new Map<string, { username: string; name: string; followers: number; rows: string[] }>();
  for (const row of stored) {
    const entry = byCitizen.get(row.id) ?? {
      username: row.username,
      name: row.display_name,
      followers: row.followers_count,
      rows: [],
    };
    entry.rows.push(`${row.prefix}@${row.tier}`);
    byCitizen.set(row.id, entry);
  }
  expect(byCitizen.size).toBeGreaterThan(10);
  for (const { username, name, followers, rows } of byCitizen.values()) {
    const expected = searchPrefixesOf(username, name).map((prefix) => `${prefix}@${searchTier(followers)}`);
    expect(rows.sort(), username).toEqual(expected.sort());
  }
}
