import { allEndpoints } from '@civitas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';
import { openApiPath } from './endpoints.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('the public surface', () => {
  it('serves every endpoint of the contract', () => {
    const missing = allEndpoints.filter(
      (endpoint) =>
        !t.app.hasRoute({ method: endpoint.method, url: openApiPath(endpoint).replace(/\{(\w+)\}/g, ':$1') }),
    );
    expect(missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
  });

  it('documents every endpoint in /api/openapi.json with its success response', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const endpoint of allEndpoints) {
      const operation = document.paths[openApiPath(endpoint)]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${openApiPath(endpoint)}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {})).toContain(String(endpoint.success.status));
    }
  });

  it('serves the browsable docs and health', async () => {
    expect((await t.request({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const docs = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('answers unknown routes and malformed bodies with JSON errors, never a 500', async () => {
    const unknown = await t.request({ method: 'GET', url: '/api/content/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
    const token = await t.tokenFor({
      kind: 'citizen',
      citizenId: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70',
      username: 'x',
    });
    const badJson = await t.request({
      method: 'POST',
      url: '/api/users/v7/creators-content',
      as: token,
      headers: { 'content-type': 'application/json' },
      payload: '{"mediaType": ',
    });
    expect(badJson.statusCode).toBe(400);
    const wrongType = await t.request({
      method: 'POST',
      url: '/api/users/v7/creators-content',
      as: token,
      headers: { 'content-type': 'text/xml' },
      payload: '<post/>',
    });
    expect(wrongType.statusCode).toBe(415);
    const huge = await t.request({
      method: 'POST',
      url: '/api/users/v7/creators-content',
      as: token,
      payload: { mediaType: 'image', sharingOptions: 'public', caption: 'x'.repeat(300_000) },
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('the upload calls in the OpenAPI', () => {
  it('documents part bodies as raw bytes and the refusals each call can answer', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> }; responses: object }>>;
    };
    const part = document.paths['/api/users/v1/creators-content/{id}/uploads/{uploadId}/parts/{partNumber}']?.put;
    expect(Object.keys(part?.requestBody?.content ?? {})).toEqual(['application/octet-stream']);
    expect(Object.keys(part?.responses ?? {})).toContain('413');
    const complete = document.paths['/api/users/v1/creators-content/{id}/{kind}/complete']?.post;
    expect(Object.keys(complete?.responses ?? {})).toEqual(expect.arrayContaining(['202', '413', '415', '422']));
    const initiate = document.paths['/api/users/v1/creators-content/{id}/{kind}/initiate']?.post;
    expect(Object.keys(initiate?.responses ?? {})).toEqual(expect.arrayContaining(['201', '413', '415', '429']));
  });

  it('shows the rules of every path and query string it checks (pattern, format, values or length), with words', async () => {
    type Parameter = { name: string; in: string; description?: string; schema?: Record<string, unknown> };
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of operation.parameters ?? []) {
          const schema = parameter.schema ?? {};
          if (parameter.in === 'header' || schema.type !== 'string') continue;
          const ruled = ['pattern', 'format', 'enum', 'maxLength', 'const'].some((rule) => rule in schema);
          if (!ruled) undescribed.push(`${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`);
        }
      }
    }
    expect(undescribed).toEqual([]);
    // The docs generator moves a parameter's description beside its schema.
    const parameter = (path: string, name: string) => {
      const found = document.paths[path]?.get?.parameters?.find((candidate) => candidate.name === name);
      return { ...found?.schema, description: found?.description ?? found?.schema?.description };
    };
    expect(parameter('/api/graphs/v3/citizens/search-mention/{keyword}', 'keyword')).toMatchObject({
      pattern: expect.any(String),
      minLength: 1,
      description: expect.stringContaining('1 to 50 characters'),
    });
    expect(parameter('/api/content/v1/feed/hashtags/{name}', 'name')).toMatchObject({
      pattern: '^#?[\\p{L}\\p{M}\\p{N}_]{1,50}$',
      description: expect.stringContaining('1 to 50 letters'),
    });
    expect(parameter('/api/users/hashtags', 'search')).toMatchObject({ description: expect.stringContaining('100') });
  });
});
