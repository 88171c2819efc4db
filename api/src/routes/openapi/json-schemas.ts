/**
 * The contracts' zod schemas as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), each named
 * schema once under its contracts name, referenced as `#/components/schemas/{name}`.
 *
 * z.toJSONSchema keys the schemas it has seen by object. The contracts declare every schema with
 * lazySchema, a Proxy that stands for the schema it builds on first use: the proxy and the schema
 * behind it are two objects, and a default or a nullable declared that way (PageLimit,
 * NullableMoneyString) makes the conversion throw. So the schemas are first copied into ordinary
 * ones (`plainCopies`): one copy per schema, found by its `_zod` internals, which a proxy shares
 * with its schema.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

export const COMPONENTS = '#/components/schemas/';

/** Copies of schemas, one per schema (a lazy schema and the schema behind it are one). */
export class PlainCopies {
  readonly #copies = new Map<unknown, z.ZodType>();

  of(schema: z.ZodType): z.ZodType {
    const known = this.#copies.get(schema._zod);
    if (known) return known;
    const def = Object.fromEntries(Object.entries(schema._zod.def).map(([key, value]) => [key, this.#value(key, value)]));
    const copy = z.core.clone(schema, def as unknown as typeof schema._zod.def) as z.ZodType;
    this.#copies.set(schema._zod, copy);
    return copy;
  }

  /** A part of a definition with the schemas in it copied: inner types, shapes, options, items. */
  #value(key: string, value: unknown): unknown {
    if (key === 'checks') return value;
    if (value instanceof z.ZodType) return this.of(value);
    if (Array.isArray(value)) return value.map((v: unknown) => (v instanceof z.ZodType ? this.of(v) : v));
    if (key === 'shape' && value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, v instanceof z.ZodType ? this.of(v) : v]));
    }
    if (key === 'getter' && typeof value === 'function') return () => this.of((value as () => z.ZodType)());
    return value;
  }
}

/** Named schemas' JSON Schemas, refs between them by name; the names of `roots` that are not named get `fallbackName`. */
export function jsonSchemas(
  named: ReadonlyMap<z.ZodType, string>,
  io: 'input' | 'output',
  refName: (name: string) => string = (name) => name,
): { schemas: Record<string, JsonSchema>; nameOf: (schema: z.ZodType) => string | undefined } {
  const copies = new PlainCopies();
  const registry = z.registry<{ id: string }>();
  const names = new Map<z.ZodType, string>();
  for (const [schema, name] of named) {
    const copy = copies.of(schema);
    if (names.has(copy)) continue;
    names.set(copy, name);
    registry.add(copy, { id: name });
  }
  const { schemas } = z.toJSONSchema(registry, { io, unrepresentable: 'any', uri: (id) => `${COMPONENTS}${refName(id)}` });
  const clean: Record<string, JsonSchema> = {};
  for (const [name, json] of Object.entries(schemas)) {
    if (name === '__shared') throw new Error('A schema the contracts do not name is shared (a cycle): name it');
    const { $schema: _dialect, ...rest } = json as JsonSchema;
    clean[name] = rest;
  }
  return { schemas: clean, nameOf: (schema) => names.get(copies.of(schema)) };
}

/** The names of the components `json` refers to, directly or through others (`components`). */
export function reachable(json: unknown, components: Record<string, JsonSchema>, refName: (ref: string) => string | undefined): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const name = key === '$ref' && typeof inner === 'string' ? refName(inner) : undefined;
        if (name !== undefined && !found.has(name)) {
          found.add(name);
          visit(components[name]);
        } else {
          visit(inner);
        }
      }
    }
  };
  visit(json);
  return found;
}
