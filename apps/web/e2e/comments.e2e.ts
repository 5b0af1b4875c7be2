import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { callApi, runCli } from './support/cli';
import { citizenPhoneAt, dismissConsent, phonePage } from './support/demo';
import { expectAccessible, holdRequests, themedScreenshots, waitForHydration } from './support/pages';
import { expectToast } from './support/toasts';

/**
 * Comments under a post (ADR 084) in real browsers against the real app: a guest reaches them from a card's comment
 * button; heidi comments on a post of dave's and erin, in another browser, sees it and replies; heidi finds the reply
 * under her comment after reloading; erin reports heidi's comment from its menu; dave turns comments off, and the composer goes (heidi's comment written
 * meanwhile is refused in words); a guest still reads them; dave deletes the thread. The post is one no other
 * journey reads; whatever a failed run left (our comments, the switch) is undone first and last.
 */
const origin = inject('origin');
const dataDir = inject('dataDir');
const CALANQUES = 'Carnet de voyage : les Calanques.';
const HEIDI_SAYS = 'That water! @erin have you swum there? #voyage';
const ERIN_SAYS = 'Yes, last summer. Go early, before the boats.';

let browser: Browser;
const contexts: BrowserContext[] = [];
const tokens = { dave: '', heidi: '', erin: '' };
let postId = '';

interface CommentsPage {
  data: { id: string; parentId: string | null; author: { username: string }; text: { content: string } }[];
  commentsCount: number;
  commentsOff: boolean;
}

/** The name of the post card's comments button, as an English page says it (ADR 085). */
const commentsButtonName = (count: number) =>
  count === 0
    ? 'Comment on the post by Dave Dubois'
    : `${count} ${count === 1 ? 'comment' : 'comments'} on the post by Dave Dubois`;

const commentsOf = async () =>
  (await callApi<CommentsPage>(origin, `/api/content/v1/creators-content/${postId}/comments?size=50`, tokens.dave))
    .body;

/** dave's post as the demo left it: comments on, and none of this journey's comments under it. */
async function undoJourney(): Promise<void> {
  await callApi(origin, `/api/users/v1/creators-content/${postId}/comments-off`, tokens.dave, {
    method: 'PUT',
    body: JSON.stringify({ commentsOff: false }),
  });
  const ours = (await commentsOf()).data.filter(
    (comment) => comment.parentId === null && ['heidi', 'erin'].includes(comment.author.username),
  );
  for (const comment of ours) {
    await callApi(origin, `/api/users/v1/comments/${comment.id}`, tokens.dave, { method: 'DELETE' });
  }
}

beforeAll(async () => {
  browser = await launchChromium();
  for (const name of ['dave', 'heidi', 'erin'] as const) {
    const minted = await runCli({ dataDir, origin }, 'mint-token', '--username', name, '--ttl', '3600');
    tokens[name] = minted.split('\n').at(-1) ?? '';
  }
  const feed = await callApi<{ data: { id: string; caption: { content: string } }[] }>(
    origin,
    '/api/content/v2/feed/profile/public',
    tokens.dave,
  );
  postId = feed.body.data.find((post) => post.caption.content.startsWith(CALANQUES))?.id ?? '';
  expect(postId).not.toBe('');
  await undoJourney();
});
afterAll(async () => {
  if (postId) await undoJourney();
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

const main = (page: Page) => page.locator('main');
const section = (page: Page) => page.locator('section#comments');
const heading = (page: Page) => section(page).getByRole('heading', { level: 2 });
const threads = (page: Page) => section(page).getByRole('list', { name: /^Comments/ });
/** A comment's own line: the list item's first block (its replies are a list of their own, inside it). */
const commentNamed = (page: Page, text: string): Locator =>
  threads(page).locator('li').filter({ hasText: text }).last();
const composer = (page: Page, name = 'Add a comment') => section(page).getByRole('textbox', { name });

describe('comments', () => {
  let heidi: Page;
  let erin: Page;

  it('reach a guest from a card’s comment button, with a way to sign in to comment', async () => {
    const guest = await phonePage(browser, contexts);
    await guest.goto(`${origin}/u/dave?view=list`);
    await dismissConsent(guest);
    const card = main(guest).locator('article').filter({ hasText: CALANQUES });
    const { commentsCount } = await commentsOf();
    // The card's button shows the post's count and says it (ADR 085).
    const button = card.getByRole('link', { name: commentsButtonName(commentsCount) });
    expect(await button.textContent()).toBe(commentsCount === 0 ? '' : String(commentsCount));
    await button.click();
    await guest.waitForURL(`${origin}/p/${postId}#comments`);
    await expect.poll(() => heading(guest).textContent()).toBe(`Comments · ${commentsCount}`);
    const signIn = section(guest).getByRole('link', { name: 'Sign in to comment' });
    expect(await signIn.getAttribute('href')).toBe(
      `/api/auth/login?next=${encodeURIComponent(`/p/${postId}#comments`)}`,
    );
    expect(await composer(guest).count()).toBe(0);
    expect(
      await section(guest)
        .getByRole('button', { name: /^Reply/ })
        .count(),
    ).toBe(0);
  });

  it('show heidi’s comment at once, then erin, in another browser, sees it and replies', async () => {
    const before = (await commentsOf()).commentsCount;
    heidi = await citizenPhoneAt(browser, contexts, origin, 'heidi', `/p/${postId}#comments`);
    const field = composer(heidi);
    await field.waitFor();
    await waitForHydration(heidi, 'section#comments textarea');
    const post = section(heidi).getByRole('button', { name: 'Post' });
    expect(await post.isDisabled()).toBe(true);
    // Text the server refuses (a control character): said in words, with the server's own on an English page,
    // and the words are back in the field to mend.
    await field.fill('Ding\u0007');
    await post.click();
    const refused = section(heidi).getByRole('alert');
    await refused.getByText('Your comment could not be posted. Please check its text and try again.').waitFor();
    expect(await refused.textContent()).toMatch(/text .*control characters/);
    expect(await field.inputValue()).toBe('Ding\u0007');
    await field.fill(HEIDI_SAYS);
    // The call is held until the page has shown the comment: it cannot come from the answer.
    const { release } = await holdRequests(heidi, `**/api/users/v1/creators-content/${postId}/comments`);
    const answered = heidi.waitForResponse(
      (response) =>
        response.url().endsWith(`/creators-content/${postId}/comments`) && response.request().method() === 'POST',
    );
    await post.click();
    await commentNamed(heidi, HEIDI_SAYS).getByText('Sending…').waitFor();
    expect(await field.inputValue()).toBe('');
    await expect.poll(() => heading(heidi).textContent()).toBe(`Comments · ${before + 1}`);
    // On the post's page the comments' heading is the count; the card's button above says none (ADR 085).
    expect(
      await main(heidi)
        .getByRole('link', { name: commentsButtonName(0) })
        .count(),
    ).toBe(1);
    release();
    expect((await answered).status()).toBe(201);
    const mine = commentNamed(heidi, HEIDI_SAYS);
    await mine.getByRole('button', { name: 'Delete the comment by Heidi Hughes' }).waitFor();
    // Linked as a caption is: the mention to erin's profile, the hashtag to its page.
    expect(await mine.getByRole('link', { name: '@erin' }).getAttribute('href')).toBe('/u/erin');
    expect(await mine.getByRole('link', { name: '#voyage' }).getAttribute('href')).toBe('/hashtags/voyage');
    expect(await mine.getByRole('link', { name: 'Heidi Hughes' }).getAttribute('href')).toBe('/u/heidi');

    erin = await citizenPhoneAt(browser, contexts, origin, 'erin', `/p/${postId}#comments`);
    const heidis = commentNamed(erin, HEIDI_SAYS);
    await heidis.waitFor();
    // Only its author and the post's may delete it.
    expect(await heidis.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await waitForHydration(erin, 'section#comments textarea');
    await heidis.getByRole('button', { name: 'Reply to Heidi Hughes' }).click();
    const reply = composer(erin, 'Your reply');
    await expect.poll(() => reply.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await reply.inputValue()).toBe('@heidi ');
    expect(await section(erin).getByText('Replying to @heidi').count()).toBe(1);
    await reply.press('End');
    await reply.pressSequentially(ERIN_SAYS);
    await reply.press('Control+Enter');
    const replies = section(erin).getByRole('list', { name: 'Replies to Heidi Hughes' });
    await replies.getByText(`@heidi ${ERIN_SAYS}`).waitFor();
    await replies.getByRole('button', { name: 'Delete the comment by Erin Estrada' }).waitFor();
    expect(await composer(erin).inputValue()).toBe('');
    await expectAccessible(erin, 'a post’s comments, as a citizen');
    await themedScreenshots(erin, 'comments-citizen');
  });

  it('show heidi the reply under her comment once she reloads', async () => {
    await heidi.reload();
    const replies = section(heidi).getByRole('list', { name: 'Replies to Heidi Hughes' });
    await replies.getByText(`@heidi ${ERIN_SAYS}`).waitFor();
    expect(await replies.getByRole('link', { name: '@heidi' }).getAttribute('href')).toBe('/u/heidi');
    const { commentsCount } = await commentsOf();
    expect(await heading(heidi).textContent()).toBe(`Comments · ${commentsCount}`);
    // Back on dave's profile, the post's card counts them, read for heidi (ADR 085).
    const profile = await citizenPhoneAt(browser, contexts, origin, 'heidi', '/u/dave?view=list');
    const card = main(profile).locator('article').filter({ hasText: CALANQUES });
    const button = card.getByRole('link', { name: commentsButtonName(commentsCount) });
    expect(await button.textContent()).toBe(String(commentsCount));
  });

  it('let erin report heidi’s comment from its … menu, and the report is about the comment', async () => {
    const heidis = commentNamed(erin, HEIDI_SAYS);
    await heidis.getByRole('button', { name: 'More actions for this comment by @heidi' }).first().click();
    await erin.locator('[popover]:popover-open').getByRole('button', { name: 'Report' }).click();
    const dialog = erin.getByRole('dialog', { name: 'Report this comment by @heidi' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await erin.getByRole('dialog', { name: 'Thank you for telling us' }).waitFor();
    await erin.keyboard.press('Enter');
    const mine = await callApi<{
      data: { id: string; subject: { kind: string; id: string }; subjectUsername: string }[];
    }>(origin, '/api/moderation/v1/reports/mine', tokens.erin);
    const [report] = mine.body.data;
    expect(report).toMatchObject({ subject: { kind: 'comment' }, subjectUsername: 'heidi' });
    // The moderators' queue is left as it was: the report is dismissed at the admin command line.
    await runCli({ dataDir, origin }, 'moderate', '--action', 'dismiss', '--report', report?.id ?? '');
  });

  it('go quiet when dave turns them off: his composer goes, and heidi’s next comment is refused in words', async () => {
    await composer(heidi).waitFor();
    await waitForHydration(heidi, 'section#comments textarea');
    await composer(heidi).fill('One more thing…');

    const dave = await citizenPhoneAt(browser, contexts, origin, 'dave', `/p/${postId}#comments`);
    await composer(dave).waitFor();
    await waitForHydration(dave, 'section#comments textarea');
    await section(dave).getByRole('button', { name: 'Turn off comments' }).click();
    await section(dave).getByText('Comments are turned off.').waitFor();
    expect(await composer(dave).count()).toBe(0);
    await section(dave).getByRole('button', { name: 'Turn on comments' }).waitFor();
    await expect.poll(async () => (await commentsOf()).commentsOff).toBe(true);

    await section(heidi).getByRole('button', { name: 'Post' }).click();
    await section(heidi)
      .getByRole('alert')
      .getByText('Your comment was not posted: the author has just turned comments off.')
      .waitFor();
    await section(heidi).getByText('Comments are turned off.').waitFor();
    expect(await composer(heidi).count()).toBe(0);
    // The comments written stay.
    await commentNamed(heidi, HEIDI_SAYS).waitFor();
  });

  it('stay readable for a guest while they are off', async () => {
    const guest = await phonePage(browser, contexts);
    await guest.goto(`${origin}/p/${postId}#comments`);
    await dismissConsent(guest);
    await section(guest).getByRole('list', { name: 'Replies to Heidi Hughes' }).getByText(ERIN_SAYS).waitFor();
    await section(guest).getByText('Comments are turned off.').waitFor();
    expect(await section(guest).getByRole('link', { name: 'Sign in to comment' }).count()).toBe(0);
    await expectAccessible(guest, 'a post’s comments, as a guest');
    await themedScreenshots(guest, 'comments-guest-off');
  });

  it('leave with their replies when the post’s author deletes a thread, after he confirms', async () => {
    const dave = await citizenPhoneAt(browser, contexts, origin, 'dave', `/p/${postId}#comments`);
    const heidis = commentNamed(dave, HEIDI_SAYS);
    await heidis.waitFor();
    await waitForHydration(dave, 'section#comments button');
    await heidis.getByRole('button', { name: 'Delete the comment by Heidi Hughes' }).first().click();
    const question = section(dave).getByRole('group', { name: 'Delete this comment and its replies?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Yes, delete' }).click();
    await expectToast(dave, 'The comment was deleted.');
    expect(await section(dave).getByText(HEIDI_SAYS).count()).toBe(0);
    expect(await section(dave).getByText(ERIN_SAYS).count()).toBe(0);
    const left = await commentsOf();
    expect(left.data.map((comment) => comment.text.content)).not.toContain(HEIDI_SAYS);
    expect(await heading(dave).textContent()).toBe(`Comments · ${left.commentsCount}`);
  });
});
