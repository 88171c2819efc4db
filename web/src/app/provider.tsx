/**
 * App-wide providers: Mantine (theme, system colour scheme), the signed-in session,
 * notifications and service worker updates.
 */
// Before any chunk with the contracts' schemas loads: no eval probe under the CSP.
import './zod-without-eval';
import { MantineProvider } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { AuthProvider } from '../lib/session';
// Holds the browser's install offer from the first moment (it may come before any screen mounts).
import './install-prompt';
import { lazyNamed } from './lazy-named';
import { cssVariablesResolver, theme } from './theme';

// Kept out of the entry chunk so the landing page paints sooner.
const AppServices = lazyNamed(() => import('./app-services'), 'AppServices');

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    // defaultColorScheme must match the inline ColorSchemeScript in index.html.
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <Suspense fallback={null}>
        <AppServices />
      </Suspense>
      <AuthProvider>{children}</AuthProvider>
    </MantineProvider>
  );
}
