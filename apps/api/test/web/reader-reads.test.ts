import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoName } from '../../src/seed/demo-names.js';
import { insertPost } from '../../src/seed/posts.js';
import { hasWebBuild, webBuildDir } from '../../src/web/mount.js';
import { paths } from '../support/calls.js';
import { type DemoSite, startDemoSite } from './demo-site.js';

/**
 * The web server's later pages of a profile's public posts and of a creator's loved posts (server actions,
 * components/profile/shared-posts-actions.ts) read as the signed-in reader, so a block (either way) and a mute hold
 * there as in the citizen's own calls (ADR 069's consequence, ADR 071). Each action is called as a browser calls
 * it: a POST to the page with the action's id (from the build's manifest) and its arguments.
 */
describe.skipIf(!hasWebBuild())('the web server reads further pages as the reader (needs the web build)', () => {
  let site: DemoSite;
  let actionIds: Record<'loadSharedProfilePosts' | 'loadSharedLovedPosts', string>;

  beforeAll(async () => {
    site = await startDemoSite();
    const manifest = JSON.parse(
      readFileSync(join(webBuildDir(), 'server', 'server-reference-manifest.json'), 'utf8'),
    ) as { node: Record<string, { exportedName?: string }> };
    const idOf = (name: string) => {
      const found = Object.entries(manifest.node).find(([, action]) => action.exportedName === name);
      if (!found) throw new Error(`the build has no server action ${name}`);
      return found[0];
    };
    actionIds = {
      loadSharedProfilePosts: idOf('loadSharedProfilePosts'),
      loadSharedLovedPosts: idOf('loadSharedLovedPosts'),
    };
  });
  afterAll(() => site?.close());

  const tokenOf = (name: DemoName) =>
    site.ctx.tokens.issue({ kind: 'citizen', citizenId: site.world.citizens[name].id, username: name }, 900);

  const api = async (method: 'GET' | 'POST', path: string, as: DemoName) => {
    const response = await fetch(`${site.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${await tokenOf(as)}` },
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return response.json() as Promise<Record<string, unknown>>;
  };

  /** Calls a server action from `page` as `reader` (a guest when undefined); the answer's text (React's format). */
  const action = async (
    name: keyof typeof actionIds,
    page: string,
    args: readonly unknown[],
    reader?: DemoName,
  ): Promise<string> => {
    const cookie = reader ? `civitas_citizen_token=${await tokenOf(reader)}; civitas_username=${reader}` : '';
    const response = await fetch(`${site.baseUrl}${page}`, {
      method: 'POST',
      headers: {
        'next-action': actionIds[name],
        'content-type': 'text/plain;charset=UTF-8',
        accept: 'text/x-component',
        origin: site.baseUrl,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(args.map((arg) => (arg === undefined ? '$undefined' : arg))),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.text();
  };

  /** Two public posts of a citizen's, written as if uploaded and processed (the demo world here has none). */
  const publicPostIds = (name: DemoName): Promise<string[]> =>
    Promise.all(
      [1, 2].map((n) =>
        insertPost(
          site.ctx.db,
          { authorId: site.world.citizens[name].id, caption: `${name}'s post ${n}`, imageUri: `demo/${name}/${n}` },
          Date.now(),
        ),
      ),
    );

  it('leaves a blocker’s public posts out of the next page for the citizen they blocked, and the blocker’s too', async () => {
    const bobs = await publicPostIds('bob');
    expect(bobs.length).toBeGreaterThan(0);
    const asCarol = () => action('loadSharedProfilePosts', '/u/bob', ['bob', undefined], 'carol');
    // Before any block the action answers the posts: what follows can tell a leak from a call that failed.
    for (const id of bobs) expect(await asCarol()).toContain(id);

    await api('POST', paths.block(site.world.citizens.carol.id), 'bob');
    const afterBlock = await asCarol();
    for (const id of bobs) expect(afterBlock).not.toContain(id);
    // Guests still read them: the block is about carol.
    const asGuest = await action('loadSharedProfilePosts', '/u/bob', ['bob', undefined]);
    for (const id of bobs) expect(asGuest).toContain(id);
    // The blocker does not see the blocked citizen's posts either.
    const carols = await publicPostIds('carol');
    const asBob = await action('loadSharedProfilePosts', '/u/carol', ['carol', undefined], 'bob');
    for (const id of carols) expect(asBob).not.toContain(id);
    await api('POST', paths.unblock(site.world.citizens.carol.id), 'bob');
  });

  it('leaves a muted and a blocked citizen’s posts out of the loved posts the reader pages through', async () => {
    const [daves] = await publicPostIds('dave');
    const [erins] = await publicPostIds('erin');
    if (!daves || !erins) throw new Error('the demo world gives dave and erin public posts');
    // alice loves a post of dave's and one of erin's.
    await api('POST', paths.like(daves), 'alice');
    await api('POST', paths.like(erins), 'alice');
    const alice = site.world.citizens.alice.id;
    const lovedAsFrank = () => action('loadSharedLovedPosts', '/u/alice/loved', [alice, undefined], 'frank');
    const before = await lovedAsFrank();
    expect(before).toContain(daves);
    expect(before).toContain(erins);

    await api('POST', paths.mute(site.world.citizens.dave.id), 'frank');
    await api('POST', paths.block(site.world.citizens.frank.id), 'erin');
    const after = await lovedAsFrank();
    expect(after).not.toContain(daves);
    expect(after).not.toContain(erins);
    const asGuest = await action('loadSharedLovedPosts', '/u/alice/loved', [alice, undefined]);
    expect(asGuest).toContain(daves);
    expect(asGuest).toContain(erins);
  });
});
