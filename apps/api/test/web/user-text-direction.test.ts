import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCitizen } from '../../src/seed/citizens.js';
import { insertPost } from '../../src/seed/posts.js';
import { hasWebBuild } from '../../src/web/mount.js';
import { type DemoSite, startDemoSite } from './demo-site.js';

/**
 * People write in any script: a name, a bio or a caption written right to left must read so on an English page,
 * and must not pull the text around it (a count, "@username ·") into its direction. Each is marked dir="auto".
 */
describe.skipIf(!hasWebBuild())('text people wrote, in its own direction (needs the web build)', () => {
  let site: DemoSite;
  let username: string;
  let postId: string;
  beforeAll(async () => {
    site = await startDemoSite();
    const now = site.ctx.now();
    username = 'layla_rtl';
    const id = await insertCitizen(
      site.ctx.db,
      { username, displayName: 'ليلى', country: 'GB', language: 'en', bio: 'صور من المدينة', emailVerified: true },
      now,
    );
    postId = await insertPost(site.ctx.db, { authorId: id, caption: 'غروب الشمس فوق البحر' }, now);
  });
  afterAll(() => site?.close());

  const html = async (path: string) => {
    const response = await fetch(`${site.baseUrl}${path}`, { headers: { 'accept-language': 'en' } });
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it('marks a post’s caption and its author’s name', async () => {
    const page = await html(`/p/${postId}`);
    expect(page).toMatch(/<p class="caption" dir="auto">غروب الشمس فوق البحر<\/p>/);
    expect(page).toMatch(/<a[^>]* dir="auto"[^>]*>ليلى<\/a>/);
  });

  it('marks a profile’s name and bio', async () => {
    const page = await html(`/u/${username}`);
    expect(page).toMatch(/<h1[^>]* dir="auto"[^>]*>ليلى<\/h1>/);
    expect(page).toMatch(/<p[^>]* dir="auto"[^>]*>صور من المدينة<\/p>/);
  });
});
