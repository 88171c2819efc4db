/**
 * The installable, offline app in a real Chromium against the app as `npm start` runs it:
 * Chromium's own installability check (DevTools protocol) finds nothing missing; the Install
 * button follows the browser's install offer; a signed-in merchant who goes offline still opens
 * every screen (the service worker serves the shell) with the catalog from IndexedDB, sees the
 * connection indicator and what waits to be sent, the storage card, and keeps the session even
 * when the ID token expired while offline. Plus an axe scan of the shell online and offline.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { CHROMIUM_ARGS, chromiumPath, DESKTOP, PHONE } from './support/browser';
import { allowOfflineRequests, watchConsole } from './support/console-errors';
import { goOffline } from './support/network';
import { syncedAccount } from './support/merchant';
import { violationSummary, widenText } from './support/page';

const { app, withPage } = useAppAndBrowser();

const found = (page: Page) => page.getByTestId('products-found');
const countText = (n: number) => `${n} ${n === 1 ? 'product' : 'products'} found`;
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });
/** The indicator's visible pill, e.g. 'Offline · 1 queued' (whitespace collapsed). */
const indicator = (page: Page) => {
  const pill = page.getByTestId('connection-indicator').locator('[data-kind]');
  return { innerText: async () => (await pill.innerText()).replace(/\s+/g, ' ').trim() };
};
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/**
 * The service worker is active, so it has precached the shell (install precedes activation) and
 * serves the next navigations. (registerType 'prompt': it does not claim the open page.)
 */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Chromium's installability errors for the page, through the DevTools protocol. */
async function installabilityErrors(page: Page, context: BrowserContext): Promise<Array<{ errorId: string }>> {
  const cdp = await context.newCDPSession(page);
  try {
    const { installabilityErrors: errors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    return errors;
  } finally {
    await cdp.detach();
  }
}

/** Fires a synthetic `beforeinstallprompt`, as Chromium does when it offers installation. */
function offerInstall(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const w = window as unknown as { promptCalls: number };
    w.promptCalls ??= 0;
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
    event.prompt = async () => {
      w.promptCalls += 1;
    };
    event.userChoice = Promise.resolve({ outcome: 'dismissed', platform: 'web' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

const promptCalls = (page: Page) => page.evaluate(() => (window as unknown as { promptCalls?: number }).promptCalls ?? 0);

describe('installable app', () => {
  it('passes Chromium installability check with no errors', async () => {
    // A real profile: Chromium never offers installation in an incognito-like context.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'catalog-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      baseURL: app().url,
      viewport: DESKTOP,
    });
    // Opened outside launchBrowser: its console is checked like every other page's.
    watchConsole(context);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await heading(page, 'Navigate your catalog with confidence').waitFor();
      await serviceWorkerReady(page);
      // The manifest's icons are real PNGs of their stated sizes, checked here by Chromium too.
      await expect.poll(() => installabilityErrors(page, context), { timeout: 15_000 }).toEqual([]);
      const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { id?: string; icons: Array<{ sizes: string }> };
      expect(manifest.id).toBe('/');
      expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('shows Install app only while the browser offers it, prompts on click, and hides once installed', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      await heading(page, 'Navigate your catalog with confidence').waitFor();
      const install = page.getByRole('button', { name: 'Install app' });
      await expect(install.count()).resolves.toBe(0);

      // The browser offers installation before a first visit's app has loaded (it loads on the
      // visitor's first intent, decision 040): the offer is held (no mini-infobar), and the
      // button shows once the visitor's pointer reaches the page and the app is running.
      await expect(offerInstall(page)).resolves.toBe(true);
      await page.waitForTimeout(300);
      await expect(install.count()).resolves.toBe(0);
      await page.mouse.move(200, 300);
      await install.waitFor();
      await install.click();
      await expect.poll(() => promptCalls(page)).toBe(1);
      // An offer is good for one prompt: the button goes until the browser offers again.
      await install.waitFor({ state: 'detached' });

      await offerInstall(page);
      await install.waitFor();
      await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
      await install.waitFor({ state: 'detached' });
      // Installed: a later offer does not bring the button back.
      await offerInstall(page);
      await page.waitForTimeout(200);
      await expect(install.count()).resolves.toBe(0);
    });
  });

  it('shows Install app in the phone menu too', async () => {
    await withPage(
      async (page) => {
        await page.goto('/');
        await heading(page, 'Navigate your catalog with confidence').waitFor();
        await offerInstall(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('button', { name: 'Install app' }).filter({ visible: true }).click();
        await expect.poll(() => promptCalls(page)).toBe(1);
      },
      { viewport: PHONE },
    );
  });
});

describe('service worker', () => {
  it("answers the app's built files from its precache, and the API from the network, through static routes without a fetch event", async () => {
    await withPage(async (page, context) => {
      await page.goto('/login');
      await serviceWorkerReady(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const sources = new Map<string, string>();
      cdp.on('Network.responseReceived', ({ response }) => {
        const { pathname } = new URL(response.url);
        if (pathname.startsWith('/assets/') || pathname.startsWith('/api/')) {
          sources.set(pathname, response.serviceWorkerRouterInfo?.actualSourceType ?? (response.fromServiceWorker ? 'fetch-event' : 'no-route'));
        }
      });
      await page.reload();
      await page.getByRole('button', { name: 'Create one' }).waitFor();
      await page.evaluate(() => fetch('/api/health').then((res) => res.ok));
      await expect.poll(() => sources.get('/api/health')).toBe('network');
      await cdp.detach();
      sources.delete('/api/health');
      // Every script and stylesheet of the screen, straight from the cache: none through the worker's JavaScript.
      expect(sources.size).toBeGreaterThan(10);
      expect(new Set(sources.values())).toEqual(new Set(['cache']));
      // The libraries come as one vendor chunk (decision 047): the sign-in screen loads 20 scripts,
      // where Rolldown's automatic splitting of Mantine alone made it 56.
      const scripts = [...sources.keys()].filter((pathname) => pathname.endsWith('.js'));
      expect(scripts.filter((pathname) => pathname.startsWith('/assets/vendor-'))).toHaveLength(1);
      expect(scripts.length).toBeLessThanOrEqual(30);
    });
  });
});

describe('offline, signed in', () => {
  it('opens every screen offline with the catalog from IndexedDB, the connection indicator and the storage card', async () => {
    await withPage(async (page, context) => {
      const products = await syncedAccount(page, app());
      await page.goto('/products');
      await found(page).filter({ hasText: countText(products.length) }).waitFor();
      await expect.poll(() => indicator(page).innerText()).toBe('Online');

      // The signed-in shell also offers installation when the browser does.
      await offerInstall(page);
      await page.getByRole('navigation', { name: 'App' }).getByRole('button', { name: 'Install app' }).click();
      await expect.poll(() => promptCalls(page)).toBe(1);

      await serviceWorkerReady(page);
      await goOffline(context);
      await expect.poll(() => indicator(page).innerText()).toMatch(/^Offline/);
      await page.getByRole('status').filter({ hasText: 'Offline: changes are kept on this device' }).waitFor({ state: 'attached' });

      // Reload offline: the shell from the service worker, the session from IndexedDB, the catalog too.
      allowOfflineRequests();
      await page.reload();
      await heading(page, 'Products').waitFor();
      await found(page).filter({ hasText: countText(products.length) }).waitFor();
      await expect.poll(() => indicator(page).innerText()).toMatch(/^Offline/);
      const target = products.find((p) => p.variants.length <= 1) ?? products[0]!;
      const word = target.name.split(/\s+/).sort((a, b) => b.length - a.length)[0]!;
      const expected = products.filter((p) => p.name.toLowerCase().includes(word.toLowerCase()) || p.sku?.toLowerCase().includes(word.toLowerCase()));
      await searchBox(page).fill(word);
      await found(page).filter({ hasText: countText(expected.length) }).waitFor();

      // Sync needs the server: it waits and says why.
      const sync = page.getByRole('button', { name: 'Sync Products' });
      await expect(sync.getAttribute('aria-disabled')).resolves.toBe('true');
      await expect(page.getByText('You are offline. This needs a connection to the server.').count()).resolves.toBeGreaterThan(0);

      // Every signed-in route renders from the cached shell (full navigations, not in-app links).
      const screens: Array<[string, string | RegExp]> = [
        ['/', /^Welcome back/],
        ['/work-orders', 'Work Orders'],
        ['/work-orders/create', 'Create Work Order'],
        ['/settings', 'Settings'],
        ['/team', /.+/],
        ['/subscription', 'Choose Your Plan'],
        ['/category-demo', 'Compare Category Selectors'],
      ];
      for (const [path, name] of screens) {
        await page.goto(path);
        await heading(page, name).waitFor();
        await expect.poll(() => indicator(page).innerText()).toMatch(/^Offline/);
      }

      // /settings offline: the storage card, and the connection form waits instead of failing.
      await page.goto('/settings');
      const storage = page.getByRole('region', { name: 'Storage on this device' });
      await storage.getByText('Storage used').waitFor();
      await expect(storage.innerText()).resolves.toMatch(/\d+(\.\d+)? (bytes|KB|MB|GB)/);
      await expect(storage.innerText()).resolves.toMatch(/Persistent storage\s+(Yes|No)/);
      // The count comes from the catalog's index, which loads in idle moments after the screen shows.
      await expect.poll(() => storage.innerText(), { timeout: 15_000 }).toContain(`Products stored locally\n${products.length}`);
      await page.getByText('Your store connection settings will load when the connection returns.').waitFor();
      await expect(page.getByText('Authentication failed').count()).resolves.toBe(0);

      // Back online: the indicator says so and the settings load.
      await context.setOffline(false);
      // The page was loaded offline: the app's probe of the server (at most 10 s apart) sees it back.
      await expect.poll(() => indicator(page).innerText(), { timeout: 20_000 }).toMatch(/^(Online|Syncing)/);
      await page.getByRole('form', { name: 'API connection' }).waitFor();
    });
  }, 180_000);

  it('counts a change made offline as queued, in the indicator and by Work Orders, until it is sent', async () => {
    await withPage(async (page, context) => {
      const products = await syncedAccount(page, app());
      await page.goto('/products');
      await found(page).filter({ hasText: countText(products.length) }).waitFor();
      await serviceWorkerReady(page);
      const target = products.find((p) => p.variants.length <= 1)!;

      // The shell's first requests (user, settings, dashboard, sync status) answered: on a slow
      // machine they may still be on their way here, and going offline would cut them.
      await goOffline(context);
      await page.getByText('List', { exact: true }).click();
      await page.getByRole('table', { name: 'Products' }).getByRole('button', { name: target.name, exact: true }).click();
      const panel = page.getByRole('dialog', { name: target.name });
      const sale = panel.getByRole('textbox', { name: 'Sale price' });
      await sale.fill((Math.max(1, Math.floor(Number(target.regularPrice) * 0.5)) + 0.5).toFixed(2));
      await panel.getByRole('button', { name: 'Update Price' }).click();

      await expect.poll(() => indicator(page).innerText()).toBe('Offline · 1 queued');
      const workOrdersLink = page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: /Work Orders/ });
      await expect.poll(() => workOrdersLink.innerText()).toMatch(/1/);
      await expect(workOrdersLink.locator('.mantine-Badge-root').filter({ hasText: '1' }).count()).resolves.toBe(1);

      // On a 360px phone the header still fits: burger, logo and the indicator with its count,
      // also in wide text (the logo's name is for screen readers only there).
      await page.setViewportSize({ width: 360, height: PHONE.height });
      await expect.poll(() => indicator(page).innerText()).toMatch(/^Offline · 1/);
      // Elements of the header that stick out of the screen, as 'tag.class' (none expected).
      const outside = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('header *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`),
        );
      await expect(outside()).resolves.toEqual([]);
      const narrowText = await widenText(page);
      await expect(outside()).resolves.toEqual([]);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Catalog Pilot' }).count()).resolves.toBe(1);
      await narrowText();
      await page.setViewportSize(DESKTOP);

      await context.setOffline(false);
      await expect.poll(() => indicator(page).innerText(), { timeout: 20_000 }).toMatch(/^(Online|Syncing)$/);
    });
  }, 180_000);

  it('keeps the session offline when the ID token expired meanwhile, and calls wait instead of signing out', async () => {
    await withPage(async (page, context) => {
      const products = await syncedAccount(page, app());
      await page.goto('/products');
      await found(page).filter({ hasText: countText(products.length) }).waitFor();
      await serviceWorkerReady(page);

      // As above: the shell's first requests answered before the network goes.
      await goOffline(context);
      // The stored session's token is out of date: Firebase would refresh it, but cannot offline.
      const expired = await page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open('firebaseLocalStorageDb');
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        const store = () => db.transaction('firebaseLocalStorage', 'readwrite').objectStore('firebaseLocalStorage');
        const rows = await new Promise<Array<{ fbase_key: string; value: { stsTokenManager?: { expirationTime: number } } }>>((resolve) => {
          const req = store().getAll();
          req.onsuccess = () => resolve(req.result);
        });
        const row = rows.find((r) => r.fbase_key.startsWith('firebase:authUser:'));
        if (!row?.value.stsTokenManager) return false;
        row.value.stsTokenManager.expirationTime = Date.now() - 60_000;
        await new Promise<void>((resolve) => {
          const req = store().put(row);
          req.onsuccess = () => resolve();
        });
        db.close();
        return true;
      });
      expect(expired).toBe(true);

      // Full navigations offline (and Firebase's refresh of the expired token fails): allowOfflineRequests.
      allowOfflineRequests();
      await page.goto('/settings');
      await heading(page, 'Settings').waitFor();
      await page.getByText('Your store connection settings will load when the connection returns.').waitFor();
      await expect(page.getByText('Authentication failed').count()).resolves.toBe(0);
      await page.goto('/products');
      await found(page).filter({ hasText: countText(products.length) }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/products');

      // Back online, the token refreshes and the server answers.
      await context.setOffline(false);
      await page.goto('/settings');
      await page.getByRole('form', { name: 'API connection' }).waitFor();
    });
  }, 180_000);
});

describe('accessibility', () => {
  it('finds no axe violations in the signed-in shell with the connection indicator, online and offline', async () => {
    await withPage(async (page, context) => {
      const products = await syncedAccount(page, app());
      await page.goto('/products');
      await found(page).filter({ hasText: countText(products.length) }).waitFor();
      await expect.poll(() => indicator(page).innerText()).toBe('Online');
      expect(violationSummary((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

      await serviceWorkerReady(page);
      await context.setOffline(true);
      allowOfflineRequests();
      await page.goto('/settings');
      await page.getByRole('region', { name: 'Storage on this device' }).getByText('Storage used').waitFor();
      await expect.poll(() => indicator(page).innerText()).toMatch(/^Offline/);
      expect(violationSummary((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
      await context.setOffline(false);
    });
  }, 180_000);
});
