/**
 * Build-time render of the landing page (scripts/prerender-landing.ts puts it into index.html's
 * #root): the signed-out visitor's "/" as the app (app/start-app.tsx) renders it, so the app can
 * hydrate it without a mismatch. Runs in Node, never in the browser.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { routes } from './app/router';

export async function renderLanding(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`"/" answered ${context.status} at build time`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The same tree as app/start-app.tsx; RouterProvider leaves an empty slot where StaticRouterProvider
  // would put its hydration script (none here: no loaders), so useId values agree.
  return renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}
