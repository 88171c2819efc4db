/**
 * App-wide providers: Mantine (theme, system colour scheme), the signed-in session,
 * notifications and service worker updates.
 */
// Before any chunk with the contracts' schemas loads: no eval probe under the CSP.
import './zod-without-eval';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

// Kept out of the entry chunk so the landing page paints sooner. Not lazyNamed(): it brings the
// few styles it needs itself, not Mantine's whole stylesheet.
const AppServices = lazy(async () => ({ default: (await import('./app-services')).AppServices }));

/**
 * AppServices mounts once the first render is on screen: it is not part of the pre-rendered
 * landing page (scripts/prerender-landing.ts), so hydration must not render it either, and the
 * first paint does not wait for its chunk.
 */
function DeferredAppServices() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <Suspense fallback={null}>{mounted && <AppServices />}</Suspense>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    // defaultColorScheme must match the inline ColorSchemeScript in index.html.
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <DeferredAppServices />
      <AuthProvider>{children}</AuthProvider>
    </MantineProvider>
  );
}
