import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { BIRTHDAY_CHARITY_NAME: 'Kind Hearts', BIRTHDAY_CHARITY_ID: 'kind-hearts-gb' },
  });
});
afterAll(() => t.close());

describe('configured services', () => {
  it('reads the configured birthday charity without authorization', async () => {
    const res = await t.request({ method: 'GET', url: '/api/charities/v1/charities/birthday' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'kind-hearts-gb', kind: 'birthday', country: 'GB', name: 'Kind Hearts' });
  });

  it('lists the payment modes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/payments/v1/modes' });
    expect(res.json()).toEqual({ modes: ['pledge', 'give'] });
  });
});
