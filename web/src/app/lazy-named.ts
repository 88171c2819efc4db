/**
 * React.lazy for modules with named exports (the project has no default exports).
 *
 * Every screen and layout loaded this way also loads Mantine's whole stylesheet
 * (mantine-styles.ts; one request, then cached), and renders once both are in: the entry carries
 * only the styles of the landing page's components.
 */
import { lazy, type ComponentType } from 'react';

/** Mantine's full stylesheet; Vite's preload resolves once the <link> has loaded. */
export const loadMantineStyles = () => import('./mantine-styles');

export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadMantineStyles()]);
    return { default: module[name] };
  });
}
