/**
 * A page of the web app's own modules in headless Chromium, without server or UI, for the
 * benchmarks of code that runs on the device (local-catalog-engine, csv-import): `bundlePage`
 * bundles a `*.page.ts` entry for the browser (web/node_modules resolving its packages), and
 * `openBenchPage` serves it on a made-up origin in a profile on disk (a throwaway context's
 * in-memory IndexedDB slows down as the database grows, which no merchant's browser does) and
 * waits for the entry to set `window.bench`. `call` runs a function of the page's `bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.env.CATALOG_ROOT ?? process.cwd();
const webRequire = createRequire(path.join(root, 'web', 'package.json'));
const { chromium } = webRequire('playwright-core') as typeof import('playwright-core');

export async function bundlePage(entry: string): Promise<string> {
  const { build } = (await import(pathToFileURL(path.join(root, 'api', 'node_modules', 'esbuild', 'lib', 'main.js')).href)) as typeof import('esbuild');
  const out = await build({
    entryPoints: [path.join(root, 'bench', entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    define: { 'import.meta.env': '{}', 'process.env.NODE_ENV': '"production"' },
    nodePaths: [path.join(root, 'web', 'node_modules')],
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}

export interface BenchPage<B> {
  /** Runs `fn(bench, ...args)` in the page; `fn` is sent as source, so it may use only its arguments. */
  call: <A extends unknown[], R>(fn: (b: B, ...a: A) => R, ...args: A) => Promise<Awaited<R>>;
  close: () => Promise<void>;
}

export async function openBenchPage<B>(script: string, profileName: string): Promise<BenchPage<B>> {
  const profileDir = mkdtempSync(path.join(tmpdir(), `${profileName}-`));
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  const close = async () => {
    await browser.close();
    rmSync(profileDir, { recursive: true, force: true });
  };
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.on('pageerror', (err) => console.error('page error:', err));
    await page.route('http://bench.local/**', (route) =>
      route.request().url().endsWith('.js')
        ? route.fulfill({ contentType: 'text/javascript', body: script })
        : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title><script type="module" src="/bench.js"></script>' }),
    );
    await page.goto('http://bench.local/');
    await page.waitForFunction(() => 'bench' in window);
    const call = <A extends unknown[], R>(fn: (b: B, ...a: A) => R, ...args: A) =>
      page.evaluate(([source, a]) => new Function('b', 'a', `return (${source})(b, ...a)`)((window as unknown as { bench: B }).bench, a), [fn.toString(), args] as const) as Promise<Awaited<R>>;
    return { call, close };
  } catch (err) {
    await close();
    throw err;
  }
}
