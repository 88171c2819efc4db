/**
 * React.lazy for modules with named exports (the project has no default exports).
 *
 * Every screen and layout loaded this way also loads Mantine's whole stylesheet
 * (mantine-styles.ts; one request, then cached), and renders once both are in: the entry carries
 * only the styles of the landing page's components.
 *
 * A part whose module and styles have already loaded (a returning user's shell and screen start
 * loading with the app, start-early.ts) renders in the same pass, not after a suspension: a lazy
 * component suspends on its first render even then, and React shows its boundary's loader, then
 * reveals the content no sooner than 300 ms later (its throttle of Suspense reveals).
 */
import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadMantineStyles, type ModuleLoader } from './route-modules';

export function lazyNamed<K extends string, P extends object>(
  load: ModuleLoader<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const Lazy = lazy(async (): Promise<{ default: ComponentType<P> }> => {
    const [module] = await Promise.all([load(), loadMantineStyles()]);
    return { default: module[name] };
  }) as unknown as ComponentType<P>;
  function Named(props: P) {
    // Decided once per mounted part: switching from the lazy wrapper to the component later
    // would remount it (and lose its state).
    const [loaded] = useState(() => (loadMantineStyles.loaded() ? load.loaded()?.[name] : undefined));
    return createElement(loaded ?? Lazy, props);
  }
  Named.displayName = `Lazy(${name})`;
  return Named;
}
