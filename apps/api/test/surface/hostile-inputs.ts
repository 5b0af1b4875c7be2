import { type EndpointDef, fullPath } from '@civitas/contract';
import fc from 'fast-check';
import {
  contentTypes,
  deepJson,
  encodeAnything,
  extraHeaders,
  hostileJsonValue,
  hostileText,
  hugeJson,
  invalidUtf8,
  malformedJson,
  rawSegments,
} from './hostile-values.js';
import { type KnownIds, propertyNames, wellFormed } from './schema-arbitrary.js';

// Hostile requests for any endpoint of the contract: path parameters, query strings, bodies, content types
// and credentials that a careless or malicious client could send. Each request is a plain value, so a
// failure prints exactly what was sent.

export interface HostileRequest {
  /** An endpoint's method; HEAD for the media route, the one route outside the contract these requests reach. */
  method: EndpointDef['method'] | 'HEAD';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** What the generator may use from the running server: real ids, real tokens, real continuation tokens. */
export interface Fixtures {
  known: KnownIds;
  /** Authorization / cookie headers by the identity they present (see hostile-requests.test.ts). */
  credentials: Record<string, Record<string, string>>;
  /** The credentials an endpoint of each access level accepts, to reach past authentication. */
  accepted: Record<EndpointDef['access'], readonly string[]>;
  continuationTokens: readonly string[];
  /** Path parameters that belong together (a post and its upload in progress), so routes get past their 404s. */
  coherentParams: readonly Record<string, string>[];
}

/** A value the route would accept for the parameter: a real id, a real name, a known kind. */
const plausibleParam = (name: string, fixtures: Fixtures): fc.Arbitrary<string> => {
  if (name === 'kind') return fc.constantFrom('image-upload', 'video-upload', 'video-cover-image-upload');
  if (name === 'partNumber') return fc.constantFrom('1', '2', '10000');
  if (name === 'username' || name === 'keyword') return fc.constantFrom(...fixtures.known.usernames, 'al', 'B');
  if (name === 'name') return fc.constantFrom('landscape', 'baking', 'GoldenHour', 'ümlaut', '日本');
  return fc.constantFrom(...fixtures.known.uuids);
};

const pathValue = (name: string, fixtures: Fixtures): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: plausibleParam(name, fixtures) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileText.map(encodeAnything) },
    { weight: 1, arbitrary: rawSegments },
  );

function urlArbitrary(endpoint: EndpointDef, fixtures: Fixtures): fc.Arbitrary<string> {
  const template = fullPath(endpoint);
  const names = [...template.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  return fc
    .tuple(
      fc.tuple(...names.map((name) => pathValue(name, fixtures))),
      fc.constantFrom(...fixtures.coherentParams),
      fc.nat(3),
    )
    .map(([values, coherent, mode]) => {
      let index = 0;
      return template.replace(/:(\w+)/g, (_, name: string) => {
        const value = values[index++] ?? '';
        return mode === 0 ? (coherent[name] ?? value) : value;
      });
    });
}

/** A query value: well-formed, hostile text, an odd number, or a real or tampered continuation token. */
function queryValue(name: string, fixtures: Fixtures): fc.Arbitrary<string> {
  const numbers = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }).map(String),
    fc.constantFrom('1e308', '1e309', '-1e309', '2147483648', '9223372036854775808', '0.0001', '1_000', '0b101', ''),
    fc.double().map(String),
  );
  const tampered = fc
    .tuple(fc.constantFrom(...fixtures.continuationTokens), fc.nat(), fc.integer({ min: 1, max: 255 }))
    .map(([token, at, flip]) => {
      const index = at % token.length;
      return token.slice(0, index) + String.fromCharCode(token.charCodeAt(index) ^ flip) + token.slice(index + 1);
    });
  const tokens =
    name === 'continuationToken'
      ? [
          { weight: 3, arbitrary: tampered },
          { weight: 2, arbitrary: fc.constantFrom(...fixtures.continuationTokens) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(...fixtures.continuationTokens)
              .map((token) => token.split('.').reverse().join('.')),
          },
          { weight: 1, arbitrary: fc.base64String({ maxLength: 600 }) },
        ]
      : [];
  return fc.oneof(
    { weight: 3, arbitrary: numbers },
    { weight: 3, arbitrary: hostileText },
    { weight: 2, arbitrary: fc.constantFrom(...fixtures.known.uuids, ...fixtures.known.usernames, 'GB', 'gb', 'XX') },
    { weight: 1, arbitrary: fc.date({ noInvalidDate: false }).map((date) => String(date.getTime())) },
    ...tokens,
  );
}

const queryPairs = (value: unknown, key: string): [string, string][] =>
  value === undefined ? [] : Array.isArray(value) ? value.map((item) => [key, String(item)]) : [[key, String(value)]];

/** A well-formed query string with hostile keys and values mixed in (replaced, repeated, unknown). */
function queryArbitrary(endpoint: EndpointDef, fixtures: Fixtures): fc.Arbitrary<string> {
  const names = [...propertyNames(endpoint.querystring), 'size', 'limit', 'continuationToken'];
  const valid = endpoint.querystring ? wellFormed(endpoint.querystring, fixtures.known) : fc.constant({});
  const hostilePair = fc.tuple(
    fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: hostileText }),
    fc.constantFrom(...names).chain((name) => queryValue(name, fixtures)),
    fc.boolean(),
  );
  return fc
    .tuple(valid, fc.array(hostilePair, { maxLength: 4 }), fc.constantFrom('valid', 'replace', 'repeat', 'hostile'))
    .map(([object, hostile, mode]) => {
      const sane = Object.entries((object ?? {}) as Record<string, unknown>).flatMap(([key, value]) =>
        queryPairs(value, key),
      );
      const hostileKeys = new Set(hostile.map(([key]) => key));
      const pairs: [string, string, boolean][] =
        mode === 'valid'
          ? sane.map(([key, value]) => [key, value, false])
          : mode === 'replace'
            ? [
                ...sane
                  .filter(([key]) => !hostileKeys.has(key))
                  .map(([k, v]) => [k, v, false] as [string, string, boolean]),
                ...hostile,
              ]
            : mode === 'repeat'
              ? [...sane, ...sane].map(([key, value]) => [key, value, false])
              : hostile;
      return pairs
        .map(([key, value, raw]) =>
          raw
            ? `${encodeAnything(key)}=${value.replace(/[#&\s]/g, '')}`
            : `${encodeAnything(key)}=${encodeAnything(value)}`,
        )
        .join('&');
    })
    .map((query) => (query ? `?${query}` : ''));
}

/** A well-formed object with one field replaced, removed, added or doubled in kind. */
function mutated(base: unknown, fixtures: Fixtures): fc.Arbitrary<unknown> {
  const object = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  const keys = Object.keys(object);
  return fc
    .tuple(
      fc.constantFrom('replace', 'remove', 'add', 'proto'),
      keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('caption'),
      hostileJsonValue,
      fc.constantFrom(...fixtures.known.uuids),
    )
    .map(([how, key, value, id]) => {
      if (how === 'remove') {
        const { [key]: _removed, ...rest } = object;
        return rest;
      }
      if (how === 'add') return { ...object, [`extra_${key}`]: value, id };
      if (how === 'proto') {
        // JSON.parse keeps `__proto__` as an own key, so JSON.stringify sends it as written.
        const rest = JSON.stringify(object).slice(1, -1);
        return JSON.parse(`{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}${rest ? `,${rest}` : ''}}`);
      }
      return { ...object, [key]: value };
    });
}

function bodyArbitrary(endpoint: EndpointDef, fixtures: Fixtures): fc.Arbitrary<string | Buffer | undefined> {
  const valid = endpoint.body ? wellFormed(endpoint.body, fixtures.known) : fc.constant({});
  const json = (weight: number, arbitrary: fc.Arbitrary<unknown>) => ({
    weight,
    arbitrary: arbitrary.map((value) => JSON.stringify(value) ?? 'null'),
  });
  const withBody = endpoint.body !== undefined || endpoint.rawBody;
  return fc.oneof(
    { weight: withBody ? 1 : 6, arbitrary: fc.constant(undefined) },
    json(withBody ? 5 : 1, valid),
    json(
      withBody ? 8 : 1,
      valid.chain((base) => mutated(base, fixtures)),
    ),
    json(1, hostileJsonValue),
    { weight: 2, arbitrary: malformedJson },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: hugeJson },
    { weight: 1, arbitrary: invalidUtf8 },
    {
      weight: endpoint.rawBody ? 4 : 0,
      arbitrary: fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes)),
    },
  );
}

function credentialArbitrary(endpoint: EndpointDef, fixtures: Fixtures): fc.Arbitrary<string> {
  const all = Object.keys(fixtures.credentials);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...fixtures.accepted[endpoint.access]) },
    { weight: 2, arbitrary: fc.constantFrom(...all) },
  );
}

/** A hostile request to `endpoint`, labelled with the credential it presents. */
export function hostileRequest(
  endpoint: EndpointDef,
  fixtures: Fixtures,
): fc.Arbitrary<HostileRequest & { as: string }> {
  return fc
    .record({
      url: urlArbitrary(endpoint, fixtures),
      query: endpoint.querystring
        ? queryArbitrary(endpoint, fixtures)
        : fc.oneof(fc.constant(''), queryArbitrary(endpoint, fixtures)),
      payload: bodyArbitrary(endpoint, fixtures),
      contentType: endpoint.rawBody
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constant('application/octet-stream') },
            { weight: 1, arbitrary: contentTypes },
          )
        : contentTypes,
      as: credentialArbitrary(endpoint, fixtures),
      extra: extraHeaders,
    })
    .map(({ url, query, payload, contentType, as, extra }) => {
      const headers: Record<string, string> = { ...fixtures.credentials[as], ...extra };
      if (payload !== undefined && contentType !== undefined) headers['content-type'] = contentType;
      return {
        method: endpoint.method,
        url: `${url}${query}`,
        headers,
        ...(payload === undefined ? {} : { payload }),
        as,
      };
    });
}
