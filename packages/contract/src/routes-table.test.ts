import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { EndpointDef } from './endpoint.js';
import * as contract from './index.js';
import { inputLimits, type RouteInfo, routeTable } from './routes-table.js';

const isEndpoint = (value: unknown): value is EndpointDef =>
  typeof value === 'object' && value !== null && 'service' in value && 'path' in value && 'success' in value;

/** The defaults a query schema fills in for fields that are not sent. */
function queryDefaults(schema: z.ZodType | undefined): Record<string, unknown> | undefined {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
  const defaults: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const parsed = field.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) defaults[key] = parsed.data;
  }
  return Object.keys(defaults).length > 0 ? defaults : undefined;
}

/** What the table must hold for an endpoint: everything a caller needs, no schema. */
function routeOf(endpoint: EndpointDef): RouteInfo {
  const defaults = queryDefaults(endpoint.querystring);
  return {
    service: endpoint.service,
    method: endpoint.method,
    path: endpoint.path,
    access: endpoint.access,
    versions: endpoint.versions,
    ...(endpoint.body ? { body: true } : {}),
    ...(endpoint.rawBody ? { rawBody: true } : {}),
    ...(endpoint.success.body === null ? { noContent: true } : {}),
    ...(defaults ? { defaults: defaults as RouteInfo['defaults'] } : {}),
  } as RouteInfo;
}

describe('routeTable', () => {
  it('holds every endpoint of the contract under its export name, as the endpoint defines it', () => {
    const expected = Object.fromEntries(
      Object.entries(contract)
        .filter(([, value]) => isEndpoint(value))
        .map(([name, endpoint]) => [name, routeOf(endpoint as EndpointDef)]),
    );
    expect(routeTable).toEqual(expected);
  });

  it('covers allEndpoints, the list the server mounts', () => {
    const routed = new Set(Object.values(routeTable).map((route) => `${route.method} ${contract.fullPath(route)}`));
    for (const endpoint of contract.allEndpoints) {
      expect(routed.has(`${endpoint.method} ${contract.fullPath(endpoint)}`)).toBe(true);
    }
    expect(routed.size).toBe(contract.allEndpoints.length);
  });

  it('is plain data (what a browser bundle may carry)', () => {
    expect(JSON.parse(JSON.stringify(routeTable))).toEqual(routeTable);
  });

  it('mirrors the input limits the schemas enforce', () => {
    expect(inputLimits).toEqual({
      captionMaxLength: contract.CAPTION_MAX_LENGTH,
      mentionsMax: contract.MENTIONS_MAX,
      passwordMinLength: contract.PASSWORD_MIN_LENGTH,
      otpLength: contract.OTP_LENGTH,
      displayNameMaxLength: contract.DISPLAY_NAME_MAX_LENGTH,
      bioMaxLength: contract.BIO_MAX_LENGTH,
      moderationNoteMaxLength: contract.MODERATION_NOTE_MAX_LENGTH,
      commentMaxLength: contract.COMMENT_MAX_LENGTH,
    });
  });
});
