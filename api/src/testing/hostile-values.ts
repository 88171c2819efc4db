/**
 * The hostile values of the hostile-input test (api/src/hostile-input.test.ts): what every field
 * refuses, what some fields refuse, percent-encoded query and path values, bad headers, content
 * types and whole bodies, and the helpers that write them into a request. Values only: the test
 * decides per route which of them its schemas must refuse.
 */

export const MEGABYTE_STRING = 'x'.repeat(1_000_000);

/** A JSON token written as is into a body: `1e309` (Infinity once parsed) and `-0` have no JSON.stringify form. */
export class RawJson {
  constructor(readonly text: string) {}
}

export function deepObject(levels: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}
export function deepArray(levels: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

/** Refused in any field of any request: asserted refused by the route's schema. */
export const ANY_FIELD_REFUSES: unknown[] = [
  MEGABYTE_STRING,
  '\u0000',
  'Spring\u0000sale',
  '\uD800',
  'a\uDFFFb',
  '\u0085',
  'ok\u009B',
  '\u001B[31m',
  'line\u2028break',
  deepObject(20),
  deepArray(20),
  {},
  new RawJson('1e309'),
  new RawJson('-1e309'),
];
/**
 * Refused by some fields only ("0x10" is a fine title, [1, 2] a fine list of product ids): kept
 * where the schema refuses them.
 */
export const SOME_FIELDS_REFUSE: unknown[] = [
  [1, 2], new RawJson('-0'), '0x10', '1e3', null, true, 'true', 1.5, -1, 0, 2 ** 53, '', '   ', 'x'.repeat(256), { constructor: 'x' },
];

/** Query and path values, percent-encoded as they travel. */
export const ENCODED_ANYWHERE_REFUSED = ['%00', 'a%00b', '%C2%85', '%1B', 'a%E2%80%A8b', '%ED%A0%80', '%E0', '%C0%80', '%ZZ', 'x'.repeat(201), 'x'.repeat(5_000)];
export const ENCODED_SOMETIMES_REFUSED = ['0x10', '1e309', '-0', '1.5', '%2B1', '%207', '-1', '0', '99999999999999999999', 'maybe', '', '..', '__proto__', 'constructor'];
/** Routes that read an Idempotency-Key header (a UUID). */
export const IDEMPOTENT_ROUTES = new Set(['PUT /api/products/:id', 'PUT /api/variants/:id']);
export const HOSTILE_IDEMPOTENCY_KEYS = ['x'.repeat(1_000_000), '0x10', 'not-a-uuid', '%00', `${'3f1c8d2e-5b7a-4c9d-8e6f-1a2b3c4d5e6f'.repeat(2)}`];
/** Bearer tokens of nobody: every signed-in route answers them 401. */
export const HOSTILE_TOKENS = ['x'.repeat(1_000_000), 'a.b.c', '0x10', '%00', 'eyJhbGciOiJub25lIn0.e30.', ''];
/** Appended to any URL: the check before routing must refuse it. */
export const URL_ALWAYS_REFUSED = ['q=%E0', '%E0', 'a=%ED%A0%80', 'search=%C0%80', 'x=%', `x=${'y'.repeat(5_000)}`];

export const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  undefined,
];
/** Whole bodies no body schema takes; `null` marks where the valid body goes (wrapped). */
export const INVALID_BODIES = ['', '   ', '{', '{"title":', 'null', '[]', '[{}]', '"text"', '1e309', '-0', 'true', '\u0000', '{"a":1}garbage'];

export type Hostile =
  | { part: 'body'; path: (string | number)[]; value: unknown; mustRefuse: boolean; extraKeys: boolean }
  | { part: 'wholeBody'; text: string }
  | { part: 'query'; key: string; encoded: string; mustRefuse: boolean }
  | { part: 'param'; key: string; encoded: string; mustRefuse: boolean }
  | { part: 'url'; suffix: string }
  | { part: 'header'; name: 'idempotency-key' | 'authorization'; value: string }
  | { part: 'tooLarge' };

export interface Case {
  route: string;
  hostile: Hostile;
  contentType: string | undefined;
}

/** Every path of a JSON value's nodes below the root (object keys and array indexes). */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

export function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

/** JSON text with RawJson tokens written as they are, and `__proto__`/`constructor` keys if asked. */
export function bodyText(value: unknown, extraKeys: boolean): string {
  const raws: string[] = [];
  let text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  });
  text = text.replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)]!);
  if (extraKeys && text.startsWith('{')) {
    text = `{"__proto__":{"role":"owner","isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},${text.slice(1)}`;
  }
  return text;
}

/** What the API reads from a body: readJson's view (empty means `{}`), or undefined for invalid JSON. */
export function parsedBody(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: text.trim() === '' ? {} : JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function decoded(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

export function queryString(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

