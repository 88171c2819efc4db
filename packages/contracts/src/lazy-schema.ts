/**
 * A schema built on first use. Every schema in the contracts is declared as
 * `export const X = lazySchema(() => z.object({ ... }))`: importing a module then costs next to
 * nothing, and a schema (with the ones it is built from) is built the first time anything reads
 * it: a parse, a `.extend()`, another schema's construction. The web app imports the contracts
 * for their constants and rules as much as for their schemas, and building all of them
 * (hundreds of zod objects) took the largest part of its start-up on a phone (decision 042).
 *
 * The value is a Proxy that stands for the schema in every way zod and callers look at one:
 * properties and methods, `in`, `instanceof` (zod's classes check the instance's traits), keys.
 * Its type is the schema's own, so `z.infer<typeof X>` and every method keep working.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const real = (): T => (schema ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => {
      const target = real();
      return Reflect.get(target, key, target) as unknown;
    },
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // Reported as configurable: the (empty) proxy target cannot carry the schema's non-configurable ones.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
