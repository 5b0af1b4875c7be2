import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';

// A body the call cannot read says what to send instead: the type the call takes, or that it must be an object.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const createPost = '/api/users/v7/creators-content';
const somePart = `/api/users/v1/creators-content/${crypto.randomUUID()}/uploads/${crypto.randomUUID()}/parts/1`;

describe('a body the call cannot read', () => {
  it('of a type no parser reads is a 415 naming the type the call takes', async () => {
    const calls = [
      { method: 'POST', url: createPost, type: 'application/json' },
      { method: 'PUT', url: somePart, type: 'application/octet-stream' },
      // Raw bytes to a JSON call: refused by the raw parser itself, in the same words and code.
      { method: 'POST', url: createPost, type: 'application/json', sent: 'application/octet-stream' },
    ] as { method: 'POST' | 'PUT'; url: string; type: string; sent?: string }[];
    for (const { method, url, type, sent = 'multipart/form-data; boundary=x' } of calls) {
      const res = await t.request({
        method,
        url,
        as: 'alice',
        headers: { 'content-type': sent },
        payload: '--x\r\ncontent-disposition: form-data; name="caption"\r\n\r\nhi\r\n--x--\r\n',
      });
      expect(res.statusCode, url).toBe(415);
      expect(res.json(), url).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `Send this call as ${type}`,
      });
    }
  });

  it('sent as a form or plain text (all a cross-site form can send) is a 415, on calls with a body or none', async () => {
    const dismiss = '/api/users/influencers/me/dismiss-relevant-profile-suggestion';
    const like = `/api/users/influencers/me/liked-creators-content/${crypto.randomUUID()}`;
    const forms = [
      { type: 'application/x-www-form-urlencoded', payload: 'caption=hi&mediaType=image&sharingOptions=public' },
      { type: 'text/plain', payload: '{"caption":"hi","mediaType":"image","sharingOptions":"public"}' },
    ];
    for (const url of [createPost, dismiss, like]) {
      for (const { type, payload } of forms) {
        const res = await t.request({ method: 'POST', url, as: 'alice', headers: { 'content-type': type }, payload });
        expect(res.statusCode, `${url} ${type}`).toBe(415);
        expect(res.json().message).toBe('Send this call as application/json');
      }
    }
    // The OAuth token endpoint still reads its form bodies (RFC 6749), and answers in its own words.
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/identity/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=nonsense',
    });
    expect(token.statusCode).toBe(400);
    expect(token.json().error).toBe('invalid_request');
  });

  it('that is JSON but not an object is a 400 saying it must be one', async () => {
    for (const payload of ['null', '[]', '"hi"', '5']) {
      const res = await t.request({
        method: 'POST',
        url: createPost,
        as: 'alice',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().details, payload).toEqual([{ path: 'body', message: 'must be a JSON object' }]);
    }
    // A field of the wrong type keeps its own message.
    const field = await t.request({
      method: 'POST',
      url: createPost,
      as: 'alice',
      payload: { caption: 5, mediaType: 'image', sharingOptions: 'public' },
    });
    expect(field.json().details).toEqual([
      { path: 'body.caption', message: 'Invalid input: expected string, received number' },
    ]);
  });

  it('that leaves a field out says it is required, in the body and in the query alike', async () => {
    const body = await t.request({
      method: 'POST',
      url: '/api/identity/v1/accounts',
      payload: { email: 'left-out@example.org', username: 'left_out' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().details).toEqual(
      expect.arrayContaining([
        { path: 'body.displayName', message: 'is required' },
        { path: 'body.password', message: 'is required' },
      ]),
    );
    // One contentId or many: a union, whose own words were "Invalid input".
    const query = await t.request({
      method: 'GET',
      url: '/api/social/v1/creators-content/social-overview',
      as: 'alice',
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe('Invalid request: querystring.contentId is required');
  });
});
