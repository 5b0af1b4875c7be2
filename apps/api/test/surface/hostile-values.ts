import fc from 'fast-check';

// Hostile values: text, path segments, JSON bodies and headers that a careless or malicious client could send.

export const BODY_LIMIT = 256 * 1024;

export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'al\u0000ice',
  '\u0001\u0007\u001b[31mred',
  '\u007f\u0085\u009f',
  '\u202Egnp.exe',
  '\u2066isolate\u2069',
  '\uD800',
  'tail\uDFFF',
  'x\uD83D',
  '\uFEFFbom',
  'zero\u200Bwidth',
  'line\r\nX-Injected: 1',
  '\u2028\u2029',
  '../../../../etc/passwd',
  '..',
  '.',
  '%00',
  '%',
  '%zz',
  "' OR '1'='1' --",
  '"; DROP TABLE citizens; --',
  "1'; select pg_sleep(5); --",
  'select * from citizens where 1=1',
  '\\',
  '\\x00',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template injection text, sent as written
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '1.5',
  ' 7 ',
  '0x1F',
  '9007199254740993',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'Ω≈ç√∫',
  '👍🏽👨‍👩‍👧‍👦',
  'e\u0301'.repeat(50),
  'İſK',
  'a'.repeat(201),
  '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f7',
  '0190A5B0-7D4E-7C3A-9F1E-2B3C4D5E6F70',
  '00000000-0000-0000-0000-000000000000',
  '{0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70}',
  '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70 ',
  'alice',
  'ALICE',
  '@alice',
  '#landscape',
] as const;

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(300, 3000, 70_000).map((length) => 'ab\u0301'.repeat(length)) },
);

/** A percent-encoding that never throws: lone surrogates become their (invalid) three UTF-8 bytes. */
export function encodeAnything(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Path segments sent as written: broken escapes, encoded slashes and dots, invalid UTF-8. */
export const rawSegments = fc.constantFrom(
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AE%C0%AE',
  '%FF%FE',
  '..',
  '%2e%2e',
  '..%2F..%2Fetc',
  'a%2Fb',
  'a/b',
  'a;b=c',
  '%20',
  '',
);

/** A JSON value of the wrong kind for almost any field. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  {
    weight: 2,
    arbitrary: fc.constantFrom(-1, 0, 0.5, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), true, false, null, [], {}, ['a'], {
      $gt: '',
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom(1000, 20_000).map((length) => Array.from({ length }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(...hostileStrings).map((text) => ({ [text]: text })) },
);

/** Text a JSON parser must refuse, or accept only to find it the wrong shape. */
export const malformedJson = fc.constantFrom(
  '',
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'undefined',
  'NaN',
  '\u0000',
  '{"a":1}garbage',
  '\uFEFF{}',
  'null',
  '[]',
  '1',
  '"text"',
  'true',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1e99999}',
  `{"a":${'9'.repeat(5000)}}`,
);

/** Nesting deep enough to overflow a recursive walk of the parsed body. */
export const deepJson = fc
  .tuple(fc.constantFrom(1000, 5000, 40_000), fc.constantFrom('array', 'object', 'proto'))
  .map(([depth, kind]) =>
    kind === 'array'
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : kind === 'object'
        ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
        : `${'{"__proto__":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

export const hugeJson = fc
  .constantFrom(BODY_LIMIT - 100, BODY_LIMIT + 10, 2 * BODY_LIMIT)
  .chain((size) =>
    fc.constantFrom(
      JSON.stringify({ caption: 'x'.repeat(size) }),
      JSON.stringify({ messages: Array.from({ length: Math.floor(size / 4) }, () => 1) }),
      `"${'\\u0000'.repeat(Math.floor(size / 6))}"`,
    ),
  );

export const invalidUtf8 = fc.constantFrom(
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xc0, 0xae, 0x00, 0x00]),
);

export const contentTypes = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=utf-16le',
      'application/json; charset=nope',
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=----hostile',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'application/jsonx',
      '*/*',
      '',
      'a/b/c;;;=',
      'application/json;'.repeat(200),
    ),
  },
);

/** Extra headers: a hostile API version, a cross-site origin, a forged forwarded address. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 20, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('0.1', '', '1.0', '9999', 'latest', '5.0 ', '5.0,1.0', 'x'.repeat(5000))
      .map((version) => ({ 'x-api-version': version })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { origin: 'https://evil.example' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'x-forwarded-for': '1.2.3.4, ::1, not-an-ip' },
      { accept: 'application/xml' },
      { 'accept-language': `${'x-'.repeat(500)}q=abc` },
    ),
  },
);
