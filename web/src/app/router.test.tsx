import { SIGN_IN_WITH_CODE_PATH } from '@catalog/contracts/bigcommerce-app';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../lib/session';
import { writeSignedInHint } from '../lib/signed-in-hint';
import { fakeIdentity, fakeUser } from '../testing/fake-identity';
import { render, waitFor, type Rendered } from '../testing/render';
import { routes } from './router';
import { loadNotFound, loadProducts, MARKETING_PATHS, SIGNED_IN_SCREENS, signedInScreenAt } from './route-modules';
import type { RouteObject } from 'react-router-dom';
import { NotFoundRoute } from './routes/not-found';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  localStorage.clear();
});

async function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  rendered = await render(<RouterProvider router={router} />);
  return rendered.container;
}

/** Renders the app at `path` with a signed-in user; returns the router to read its location. */
async function renderSignedInAt(path: string) {
  const identity = fakeIdentity();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  return { container: rendered.container, router, identity };
}

const h1 = (container: HTMLElement) => container.querySelector('h1')?.textContent ?? '';

describe('routes while signed out', () => {
  it('shows the landing page at /', async () => {
    const container = await renderAt('/');
    expect(h1(container)).toBe('Navigate your catalog with confidence');
    expect(container.querySelector('#features')).not.toBeNull();
  });

  it('shows the landing page, not a 404, at an unknown path', async () => {
    const container = await renderAt('/no/such/page');
    expect(h1(container)).toBe('Navigate your catalog with confidence');
  });

  it('renders every plan on /pricing with its price and upgrade link', async () => {
    const container = await renderAt('/pricing');
    await waitFor(() => container.querySelectorAll('article').length === 3);
    const text = container.textContent ?? '';
    expect(text).toContain('$0 forever');
    expect(text).toContain('$5 / month');
    expect(text).toContain('Most popular');
    const hrefs = [...container.querySelectorAll('article a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/login',
      '/subscription?upgrade=starter',
      '/subscription?upgrade=premium',
    ]);
  });

  it('marks the current page in the navigation bar', async () => {
    const container = await renderAt('/pricing');
    const current = [...container.querySelectorAll('header [aria-current="page"]')].map(
      (el) => el.textContent,
    );
    expect(current).toContain('Pricing');
  });

  it('lists the wanted feedback on /feedback even without a form address', async () => {
    const container = await renderAt('/feedback');
    await waitFor(() => h1(container) === 'Share your feedback');
    expect(container.textContent).toContain('The feedback form is not available yet');
    expect(container.textContent).toContain('Pricing workflow ideas');
  });
});

describe('route guards', () => {
  it('sends a visitor from a signed-in screen to /login, remembering where they were going', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/subscription?upgrade=starter'] });
    rendered = await render(<RouterProvider router={router} />);
    await waitFor(() => h1(rendered!.container) === 'Sign in to Catalog Pilot');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/subscription?upgrade=starter' });
  });

  it('shows a signed-in user the 404 page at an unknown path', async () => {
    const { container } = await renderSignedInAt('/no/such/page');
    await waitFor(() => h1(container) === '404 Page Not Found');
  });

  it('sends a signed-in user away from /login to the dashboard', async () => {
    const { container, router } = await renderSignedInAt('/login');
    await waitFor(() => router.state.location.pathname === '/');
    await waitFor(() => h1(container).startsWith('Welcome back'));
  });

  it('sends a remembered user whose session Firebase does not restore to /login, remembering where they were', async () => {
    writeSignedInHint(fakeUser());
    const identity = fakeIdentity();
    const router = createMemoryRouter(routes, { initialEntries: ['/team'] });
    rendered = await render(
      <AuthProvider connect={identity.connect}>
        <RouterProvider router={router} />
      </AuthProvider>,
    );
    // The screen shows for the user this device remembers, before Firebase answers.
    await waitFor(() => h1(rendered!.container) === 'Team');
    await waitFor(() => identity.connections() > 0);
    await act(async () => identity.emit(null));
    await waitFor(() => router.state.location.pathname === '/login');
    expect(router.state.location.state).toEqual({ from: '/team' });
  });

  it('goes to the landing page, not /login, when the user signs out on a signed-in screen', async () => {
    const { container, router, identity } = await renderSignedInAt('/team');
    await waitFor(() => h1(container) === 'Team');
    await act(async () => identity.emit(null));
    await waitFor(() => h1(container) === 'Navigate your catalog with confidence');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('the screens a returning user starts early (route-modules.ts)', () => {
  /** Every path the router knows ('/' for the index route), apart from the catch-all. */
  function routerPaths(list: RouteObject[], base = ''): string[] {
    return list.flatMap((route) => {
      const path = route.index ? base || '/' : route.path ? `${base}/${route.path}` : base;
      return [...(route.index || (route.path && route.path !== '*') ? [path] : []), ...routerPaths(route.children ?? [], path)];
    });
  }

  it('names a screen for every path of the router that is not a marketing page, and no other', () => {
    const paths = routerPaths(routes);
    expect(paths).toContain('/products');
    expect(Object.keys(SIGNED_IN_SCREENS).sort()).toEqual(paths.filter((p) => !MARKETING_PATHS.includes(p)).sort());
  });

  it("counts the one-time code's page (contracts' SIGN_IN_WITH_CODE_PATH) with the pages outside the shell", () => {
    expect(MARKETING_PATHS).toContain(SIGN_IN_WITH_CODE_PATH);
    expect(routerPaths(routes)).toContain(SIGN_IN_WITH_CODE_PATH);
    expect(signedInScreenAt(SIGN_IN_WITH_CODE_PATH)).toBeNull();
  });

  it('finds the screen at a path, with or without a trailing slash; the 404 page at an unknown one', () => {
    expect(signedInScreenAt('/products')).toBe(loadProducts);
    expect(signedInScreenAt('/products/')).toBe(loadProducts);
    expect(signedInScreenAt('/no/such/page')).toBe(loadNotFound);
    expect(signedInScreenAt('/login')).toBeNull();
    expect(signedInScreenAt('/pricing')).toBeNull();
  });
});

describe('NotFoundRoute', () => {
  it('says 404 Page Not Found and links home', async () => {
    rendered = await render(
      <MemoryRouter>
        <NotFoundRoute />
      </MemoryRouter>,
    );
    expect(h1(rendered.container)).toBe('404 Page Not Found');
    expect(rendered.container.querySelector('a[href="/"]')?.textContent).toBe('Back to home');
  });
});
