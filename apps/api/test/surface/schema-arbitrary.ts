import fc from 'fast-check';
import { z } from 'zod';

// Well-formed values for a contract schema, made from its JSON Schema (the form the OpenAPI shows), so a
// hostile request can start from a body the server would accept and break one thing in it.

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Ids of real rows, so well-formed bodies and params reach the handlers' queries rather than a 404. */
export interface KnownIds {
  uuids: readonly string[];
  usernames: readonly string[];
}

const patternArbitrary = (pattern: string, maxLength: number): fc.Arbitrary<string> => {
  for (const flags of ['u', '']) {
    try {
      return fc.stringMatching(new RegExp(pattern, flags)).map((text) => text.slice(0, maxLength));
    } catch {}
  }
  return fc.string({ maxLength });
};

function stringArbitrary(schema: JsonSchema, known: KnownIds): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid());
  if (schema.format === 'email')
    return fc.constantFrom('alice@example.com', 'new.person@example.org', 'Bob+x@Example.COM');
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl({ validSchemes: ['https', 'http'] });
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.pattern) {
    if (schema.pattern === '^[A-Za-z0-9_]+$')
      return fc.oneof(fc.constantFrom(...known.usernames), fc.stringMatching(/^\w{3,30}$/));
    return patternArbitrary(schema.pattern, maxLength).filter((text) => text.length >= minLength);
  }
  return fc.string({ minLength, maxLength });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  const low = Math.max(min, Number.MIN_SAFE_INTEGER);
  const high = Math.min(max, Number.MAX_SAFE_INTEGER);
  return integer ? fc.integer({ min: low, max: high }) : fc.double({ min: low, max: high, noNaN: true });
}

function fromJsonSchema(schema: JsonSchema, root: JsonSchema, known: KnownIds, depth: number): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/$defs/', '');
    const target = root.$defs?.[name];
    return target && depth < 8 ? fromJsonSchema(target, root, known, depth + 1) : fc.constant({});
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((option) => fromJsonSchema(option, root, known, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema, known);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items, root, known, depth + 1) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, fromJsonSchema(value, root, known, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values the schema accepts (mostly: patterns and lengths are approximated), as its JSON input. */
export function wellFormed(schema: z.ZodType, known: KnownIds): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(json, json, known, 0);
}

/** The top-level property names of an object schema (query strings, params, bodies). */
export function propertyNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const objects = [json, ...(json.anyOf ?? []), ...(json.oneOf ?? [])];
  return [...new Set(objects.flatMap((object) => Object.keys(object.properties ?? {})))];
}
