/** React.lazy for modules with named exports (the project has no default exports). */
import { lazy, type ComponentType } from 'react';

export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
