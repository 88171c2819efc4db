/**
 * The browser side of the benchmarks that drive the app in Chromium (local-catalog.ts,
 * calendar-render.ts; lighthouse.ts signs up with it): Debian's Chromium on a browser profile on disk, and a new merchant signed
 * up through the real sign-up form (the tour skipped), then sent off the app while the benchmark
 * seeds their company. Returns the context, its page and the user's email.
 *
 * A profile on disk, as a merchant's browser (and an installed app) has, not a throwaway
 * context: Chromium keeps a throwaway (incognito) context's IndexedDB in memory, and there
 * (Chromium 150) every transaction gets slower as the database grows: 3,000 rows take 135 ms into
 * an empty database and 716 ms once it holds 57,000; on disk, 150-180 ms throughout. Measured in
 * the throwaway context, the first pull took 34-37 s instead of ~13.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

const root = process.env.CATALOG_ROOT ?? process.cwd();
// playwright-core lives in web/; load it at run time rather than bundling it.
const webRequire = createRequire(path.join(root, 'web', 'package.json'));
const { chromium } = webRequire('playwright-core') as typeof import('playwright-core');

export const BENCH_PASSWORD = 'correct-horse-42';

/** Signs a new merchant up through the sign-up form at `origin` (the context's base URL when empty) and skips the tour. */
export async function signUp(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Create one' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(BENCH_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor({ timeout: 60_000 });
  const tour = page.getByRole('dialog', { name: 'Welcome to Catalog Pilot' });
  await tour.waitFor({ timeout: 10_000 });
  await tour.getByRole('button', { name: 'Skip tour' }).click();
  await tour.waitFor({ state: 'hidden' });
}

/** Chromium on `profileDir` at `baseURL`, with a new merchant signed up and the page left on about:blank. */
export async function signedUpBrowser(
  profileDir: string, baseURL: string, viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    baseURL,
    viewport,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const email = `bench-${Date.now()}@example.com`;
    await signUp(page, email);
    // Off the app while the benchmark seeds: the signed-in shell pulls every minute, and a pull
    // of a half-seeded catalog would change what the benchmark then measures.
    await page.goto('about:blank');
    return { context, page, email };
  } catch (err) {
    await context.close();
    throw err;
  }
}
