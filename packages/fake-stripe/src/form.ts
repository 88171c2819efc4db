/**
 * Reads request parameters the way Stripe's API does: the SDK sends POST bodies form-encoded
 * (`application/x-www-form-urlencoded`) and GET parameters in the query, both with bracket
 * nesting in qs's indexed style: `line_items[0][price]=price_starter&metadata[companyId]=c1`.
 * This turns them back into nested objects, with all-numeric keys becoming arrays.
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** `a[b][0][c]` -> ['a', 'b', '0', 'c']; a malformed key is kept whole. */
function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0) return [key];
  const path = [key.slice(0, first)];
  const rest = key.slice(first);
  const parts = rest.match(/\[([^\]]*)\]/g);
  if (!parts || parts.join('') !== rest) return [key];
  for (const part of parts) path.push(part.slice(1, -1));
  return path;
}

function isIndex(key: string): boolean {
  return /^\d+$/.test(key);
}

/** Objects whose keys are all indices ('0', '1', ...) become arrays in index order. */
function arraysFromIndices(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arraysFromIndices(value[key]!);
  if (keys.length > 0 && keys.every(isIndex)) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]!);
  }
  return value;
}

/** Parses a form body or a query string (with or without the leading '?'). */
export function parseStripeParams(encoded: string): FormObject {
  const params = new URLSearchParams(encoded.startsWith('?') ? encoded.slice(1) : encoded);
  const root: FormObject = {};
  for (const [key, value] of params) {
    const path = keyPath(key);
    let node: FormObject = root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i]!;
      const next = node[segment];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) {
        const created: FormObject = {};
        node[segment] = created;
        node = created;
      } else {
        node = next;
      }
    }
    // `expand[]=a&expand[]=b` (an empty index) appends.
    const last = path[path.length - 1]!;
    if (last === '') {
      const index = String(Object.keys(node).length);
      node[index] = value;
    } else {
      node[last] = value;
    }
  }
  return arraysFromIndices(root) as FormObject;
}

/** A string parameter, or undefined when absent or not a string. */
export function str(params: FormObject | undefined, key: string): string | undefined {
  const value = params?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** A nested object parameter (`metadata[...]`), or undefined. */
export function obj(params: FormObject | undefined, key: string): FormObject | undefined {
  const value = params?.[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** An array parameter (`items[0][...]`), or an empty array. */
export function list(params: FormObject | undefined, key: string): FormValue[] {
  const value = params?.[key];
  return Array.isArray(value) ? value : [];
}

/** 'true' / 'false' as Stripe reads booleans; undefined when absent. */
export function bool(params: FormObject | undefined, key: string): boolean | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  return value === 'true';
}

/** Metadata as Stripe keeps it: string values only; '' removes a key on update. */
export function metadataFrom(params: FormObject | undefined, base: Record<string, string> = {}): Record<string, string> {
  const input = obj(params, 'metadata');
  const out = { ...base };
  if (!input) return out;
  for (const [key, value] of Object.entries(input)) {
    if (typeof value !== 'string') continue;
    if (value === '') delete out[key];
    else out[key] = value;
  }
  return out;
}
