import type { RouteDef } from '@ics/contract/server';
import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that zod's `toJSONSchema` writes for the contract's schemas. */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

/**
 * Strings that broke or could break a server: NUL and other control characters (PostgreSQL
 * refuses 0x00 in text), values shaped like dates that are no dates, built-in property names
 * looked up as keys, injection and traversal attempts, lone surrogates, and sizes far beyond
 * any field.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'x\u0001\u0007\u001b[31my',
  'line\r\nbreak\u0085\u2028',
  '\u202eevil',
  '\ud800',
  '2024-99-99',
  '2024-02-30',
  '2024-02-30 25:61:61',
  '0000-00-00',
  '9999-12-31 23:59:59.999',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  "' or '1'='1' --",
  '"; drop table sys_user; --',
  '%00',
  '../../../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, on purpose
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(400),
  'A'.repeat(100_000),
  '😀'.repeat(2_000),
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** Nested arrays and objects deep enough to hurt a recursive walker. */
function deepNesting(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Anything of the wrong type, or hostile text. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom<unknown>(null, true, -1, 0, 2 ** 53, -1e308, 1.5, [], {}, ['a', 'b'], {
    __proto__: { x: 1 },
  }),
  fc.constantFrom(deepNesting(64), deepNesting(2_000)),
  fc.object({ maxDepth: 2 }),
);

function plausible(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant('x');
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => withHostility(s, depth + 1)));
  if (schema.allOf?.length) return plausible(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return plausibleString(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(withHostility(schema.items, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object':
      return plausibleObject(schema, depth);
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer());
  }
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain text then.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 24, 24)) });
}

function plausibleObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const record = fc.record(
    Object.fromEntries(properties.map(([key, s]) => [key, withHostility(s, depth + 1)])),
    { requiredKeys: (schema.required ?? []).filter((k) => properties.some(([p]) => p === k)) },
  );
  return record as fc.Arbitrary<Record<string, unknown>>;
}

/** A value that mostly fits `schema`, and sometimes (one time in four) does not at all. */
function withHostility(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: plausible(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

/** Keys a list query may carry beyond its schema (column filters, JeecgBoot's query options), and prototype keys. */
const EXTRA_QUERY_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'column',
  'order',
  'createTime_begin',
  'createTime_end',
  'superQueryParams',
  'superQueryMatchType',
  'name',
  'status',
  'projectId',
];

const superQuery = fc
  .array(
    fc.record({
      field: fc.oneof(
        fc.constantFrom('createTime', 'name', 'status', '__proto__', 'constructor'),
        hostileString,
      ),
      rule: fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'in', 'right_like', 'bogus'),
      val: fc.oneof(hostileString, fc.string({ maxLength: 10 }), fc.integer()),
      type: fc.constantFrom('string', 'date', 'number', 'datetime'),
    }),
    { maxLength: 3 },
  )
  .map((rules) => JSON.stringify(rules));

/** One HTTP request for a route: the url with its path and query, and the body. */
export type FuzzRequest = { method: string; url: string; payload?: unknown };

/** What a querystring can carry: strings (repeated keys for arrays); anything else is written as text. */
function toQueryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Percent-encodes every byte of the UTF-8 text (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function encodeQuery(entries: [string, unknown][]): string {
  const parts: string[] = [];
  for (const [key, value] of entries) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) parts.push(`${encode(key)}=${encode(toQueryText(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Requests for `route` under `basePath`: its own inputs, mostly plausible, sometimes hostile. */
export function requestArbitrary(route: RouteDef, basePath: string): fc.Arbitrary<FuzzRequest> {
  const params = (route.path.match(/:(\w+)/g) ?? []).map((p) => p.slice(1));
  const paramValues = fc.record(
    Object.fromEntries(
      params.map((p) => [p, fc.oneof(hostileString, fc.string({ minLength: 1, maxLength: 12 }))]),
    ),
  );
  const querySchema = jsonSchemaOf(route.query as z.ZodType | undefined);
  const query = fc.tuple(
    querySchema ? (plausible(querySchema, 0) as fc.Arbitrary<Record<string, unknown>>) : fc.constant({}),
    // Pairs, not an object: a `__proto__` key must reach the querystring, not an object's prototype.
    fc.array(fc.tuple(fc.constantFrom(...EXTRA_QUERY_KEYS), fc.oneof(hostileString, superQuery)), {
      maxLength: 2,
    }),
  );
  const body = route.body ? withHostility(jsonSchemaOf(route.body as z.ZodType)) : fc.constant(undefined);
  return fc
    .record({ paramValues, query, body })
    .map(({ paramValues, query: [own, extra], body: payload }) => {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
        encode(String(paramValues[name] ?? 'x')),
      );
      const url = `${basePath}${path}${encodeQuery([...Object.entries(own ?? {}), ...extra])}`;
      return payload === undefined ? { method: route.method, url } : { method: route.method, url, payload };
    });
}
