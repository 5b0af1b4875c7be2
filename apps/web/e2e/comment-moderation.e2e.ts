import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { callApi, runCli } from './support/cli';
import { dismissConsent, newPhoneContext, signInAs } from './support/demo';
import { expectAccessible, themedScreenshots } from './support/pages';
import { expectToast } from './support/toasts';

/**
 * A reported comment on the moderators' screen (ADR 084), in a real browser against the real app: dave comments
 * on frank's coffee post and erin reports the comment, both through the API (the comments' "…" menu is a screen
 * of its own); grace, made a moderator at the admin CLI, sees the comment in context in the queue, hides it,
 * reads the decision in the log and restores it; erin's reports say what she reported and where it stands.
 * The comment is deleted and the role taken back at the end, for the journeys after this file.
 */
const origin = inject('origin');
const dataDir = inject('dataDir');
const cli = async (...args: string[]) => (await runCli({ dataDir, origin }, ...args)).split('\n').at(-1) ?? '';
const api = <T>(path: string, token: string, init: RequestInit = {}) => callApi<T>(origin, path, token, init);

const COFFEE = 'Il caffè perfetto esiste.';
const COMMENT = 'Buy cheap followers at a link I will not write here';
const REPORT_NOTE = 'Selling followers under a coffee post';

type Comments = { data: { id: string; moderationDecision?: unknown }[] };

let browser: Browser;
const contexts: BrowserContext[] = [];
const tokens = { dave: '', erin: '', machine: '' };
let postId = '';
let commentId = '';

beforeAll(async () => {
  browser = await launchChromium();
  await cli('grant-role', '--username', 'grace', '--role', 'moderator');
  tokens.dave = await cli('mint-token', '--username', 'dave', '--ttl', '3600');
  tokens.erin = await cli('mint-token', '--username', 'erin', '--ttl', '3600');
  tokens.machine = await cli('mint-token', '--machine', '--scopes', 'content', '--ttl', '3600');
  const feed = await api<{ data: { id: string; caption: { content: string } }[] }>(
    '/api/content/v1/sharing/feed/frank/public?size=50',
    tokens.machine,
  );
  postId = feed.body.data.find((post) => post.caption.content.startsWith(COFFEE))?.id ?? '';
  expect(postId, 'frank’s coffee post').not.toBe('');
});
afterAll(async () => {
  await cli('revoke-role', '--username', 'grace', '--role', 'moderator');
  if (commentId) {
    // No body, so no JSON content type (callApi's): the server refuses an empty JSON body.
    const deleted = await fetch(`${origin}/api/users/v1/comments/${commentId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokens.dave}` },
    });
    expect(deleted.status).toBe(204);
  }
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function signedIn(name: 'grace' | 'erin', path = '/'): Promise<Page> {
  const context = await newPhoneContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, origin, name, path);
  await dismissConsent(page);
  return page;
}

/** The post's comments as a citizen reads them: whether the reported one is among them, and as what. */
async function commentAs(name: 'dave' | 'erin') {
  const comments = await api<Comments>(`/api/content/v1/creators-content/${postId}/comments?size=50`, tokens[name]);
  expect(comments.status).toBe(200);
  return comments.body.data.find((comment) => comment.id === commentId);
}

/** The queue's card of dave's comment. */
const commentCard = (page: Page) => page.locator('main article').filter({ hasText: COMMENT });

async function decide(page: Page, button: string, explanation: RegExp, note: string): Promise<void> {
  await commentCard(page).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.waitFor();
  expect(await dialog.textContent()).toMatch(explanation);
  await dialog.getByLabel('Note for the log').fill(note);
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/* One moderator's session through the steps below, in order: each starts where the one before left it. */
describe('a moderator deciding on a reported comment', () => {
  let grace: Page;

  it('sees the comment in the queue with its author, its post’s picture and a way to the post', async () => {
    const made = await api<{ id: string }>(`/api/users/v1/creators-content/${postId}/comments`, tokens.dave, {
      method: 'POST',
      body: JSON.stringify({ text: COMMENT }),
    });
    expect(made.status).toBe(201);
    commentId = made.body.id;
    const reported = await api('/api/moderation/v1/reports', tokens.erin, {
      method: 'POST',
      body: JSON.stringify({ subject: { kind: 'comment', id: commentId }, reason: 'spam', note: REPORT_NOTE }),
    });
    expect(reported.status).toBe(201);
    expect(await commentAs('erin')).toBeDefined();

    grace = await signedIn('grace', '/moderation');
    const card = commentCard(grace);
    await card.waitFor();
    const badges = (await card.locator('p').first().textContent()) ?? '';
    expect(badges).toContain('Open');
    expect(badges).toContain('1 report');
    expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe('Comment by Dave Dubois @dave');
    expect(await card.textContent()).toContain(REPORT_NOTE);
    expect(await card.getByRole('link', { name: 'Open the post' }).getAttribute('href')).toBe(`/p/${postId}#comments`);
    // The picture of the post it is under, for context.
    expect(await card.locator('img').count()).toBe(1);
    const buttons = await card.getByRole('button').allTextContents();
    expect(buttons).toEqual(['Hide comment', 'Suspend the author', 'Dismiss']);
    await expectAccessible(grace, '/moderation with a reported comment');
    await themedScreenshots(grace, 'moderation-queue-comment', { fullPage: true });
  });

  it('hides it from everyone but its author after a confirmation that says what will happen', async () => {
    await decide(grace, 'Hide comment', /hidden from everyone but its author/, 'Spam, as reported');
    await expectToast(grace, 'The comment is hidden.');
    await expect.poll(async () => (await commentCard(grace).textContent()) ?? '').toContain('Decided');
    expect(await commentCard(grace).textContent()).toContain('Hidden from everyone but its author');
    expect(await commentCard(grace).getByRole('button').allTextContents()).toEqual(['Restore comment']);

    expect(await commentAs('erin')).toBeUndefined();
    expect((await commentAs('dave'))?.moderationDecision).toMatchObject({ action: 'hidden', reason: 'spam' });
  });

  it('reads the decision in the log, naming the comment’s author', async () => {
    await grace.getByRole('navigation', { name: 'Moderation views' }).getByRole('link', { name: 'Log' }).click();
    await grace.waitForURL(`${origin}/moderation?view=log`);
    const entry = grace.locator('main article').first();
    await expect.poll(async () => (await entry.textContent()) ?? '').toContain('Hid a comment');
    const line = (await entry.textContent()) ?? '';
    expect(line).toContain('by @grace');
    expect(line).toContain('Comment by @dave');
    expect(line).toContain('Spam, as reported');
    await expectAccessible(grace, '/moderation?view=log with a comment');
  });

  it('tells the reporter what she reported and that the moderators acted', async () => {
    const erin = await signedIn('erin');
    await erin.goto(`${origin}/me/safety`);
    const reports = erin.locator('main').getByRole('list', { name: 'My reports' });
    const row = reports.locator('li').filter({ hasText: 'A comment by @dave' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Acted on by the moderators');
  });

  it('restores it for everyone', async () => {
    await grace.getByRole('navigation', { name: 'Moderation views' }).getByRole('link', { name: 'Reports' }).click();
    await grace.waitForURL(`${origin}/moderation`);
    await commentCard(grace).waitFor();
    await decide(grace, 'Restore comment', /shown again to everyone who could see it before/, 'Reviewed again');
    await expectToast(grace, 'The comment is shown again.');
    await expect.poll(async () => (await commentCard(grace).textContent()) ?? '').not.toContain('Hidden from');
    expect(await commentAs('erin')).toBeDefined();
  });
});
