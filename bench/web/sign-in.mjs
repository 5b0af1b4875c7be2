// Signs a demo citizen in through the real sign-in form (as a person would), for the web benchmarks that measure
// a citizen's pages. Returns the browser context, signed in, and the session's cookies as a Cookie header.
const DEMO_PASSWORD = 'civitas-demo-password'; // the demo seed's (apps/api's demo data; E2E's demo.ts)

export async function signIn(browser, origin, name) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  const page = await context.newPage();
  // The header's link starts the sign-in interaction the form belongs to.
  await page.goto(`${origin}/`);
  await page.locator('header.site-header').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/sign-in\?interaction=/);
  await page.getByLabel('Username or email address').fill(name);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  await page.locator('header.site-header button').first().waitFor();
  const cookies = await context.cookies(origin);
  if (!cookies.some((cookie) => cookie.name.endsWith('civitas_citizen_token'))) {
    throw new Error(`signing in as ${name} set no session cookie`);
  }
  await page.close();
  return { context, cookieHeader: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') };
}
