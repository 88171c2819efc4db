/**
 * A minimal renderer for component tests in jsdom (no @testing-library): mounts with
 * react-dom/client inside MantineProvider and the app theme, and waits for lazy screens.
 */
import { MantineProvider } from '@mantine/core';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { cssVariablesResolver, theme } from '../app/theme';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has no matchMedia; Mantine reads it for the colour scheme and responsive hooks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom does not scroll; react-router's ScrollRestoration calls these on every navigation.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
// Nor does it observe sizes; Mantine's ScrollArea (an open Select's options, modals) asks to.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

export interface Rendered {
  container: HTMLElement;
  unmount: () => void;
}

export async function render(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {ui}
      </MantineProvider>,
    );
  });
  return {
    container,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

/**
 * Lets pending lazy imports and effects settle, until `check` passes or the time is up. The
 * default is generous: test files run two at a time beside a browser suite, and a busy 2-core
 * machine renders a screen's first lazy import in seconds; a check that passes returns at once.
 */
export async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('waitFor: condition not met in time');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}
