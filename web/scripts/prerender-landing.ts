/**
 * Vite plugin: pre-renders the landing page into index.html's #root when building, so a
 * first-time visitor sees it as soon as the HTML and the entry stylesheet are in, rather than
 * after the whole entry script has loaded and run (the slow part on a phone). The entry
 * (src/main.tsx) then loads the app (src/app/start-app.tsx) on the visitor's first intent, which
 * hydrates it.
 *
 * How: a second, server-side build of src/prerender.tsx (React's renderToString of the same tree
 * the entry renders, with a static router at "/") into node_modules/.cache, loaded in Node; its
 * markup goes into index.html before the service worker's precache list is made, so the
 * precached index.html is the pre-rendered one.
 *
 * The markup is the signed-out "/" only: index.html's inline script hides it (before the first
 * paint) on other paths and for returning users, and the entry renders those afresh
 * (src/app/prerendered-landing.ts). It holds no script, so the CSP's inline-script hashes
 * (api/src/web/static.ts) are unchanged by it.
 */
import react from '@vitejs/plugin-react';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type IndexHtmlTransformContext, type Plugin, type ResolvedConfig } from 'vite';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The footer's copyright year as rendered at build time; the footer hydrates with it and then
 * shows the visitor's year (marketing-footer.tsx), so a build from last year cannot mismatch.
 */
const BUILD_YEAR = String(new Date().getFullYear());
const define = { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(BUILD_YEAR) };

async function renderLanding(config: ResolvedConfig): Promise<string> {
  const cacheDir = path.join(config.root, 'node_modules', '.cache');
  // Inside web/ so Node resolves the externalised dependencies (react, @mantine/core, ...).
  mkdirSync(cacheDir, { recursive: true });
  const outDir = mkdtempSync(path.join(cacheDir, 'prerender-'));
  try {
    await build({
      configFile: false,
      root: config.root,
      mode: config.mode,
      logLevel: 'warn',
      // postcss.config.cjs is found from root, as in the app's build: the same CSS module names.
      plugins: [react()],
      define,
      build: {
        ssr: path.join(config.root, 'src', 'prerender.tsx'),
        outDir,
        emptyOutDir: false,
        minify: false,
        rolldownOptions: {
          // Imported by a lazy part the landing page never renders; the PWA plugin is not here.
          external: [/^virtual:pwa-register/],
          output: { entryFileNames: 'prerender.mjs' },
        },
      },
    });
    const { renderLanding: render } = (await import(pathToFileURL(path.join(outDir, 'prerender.mjs')).href)) as {
      renderLanding: () => Promise<string>;
    };
    const markup = await render();
    if (!markup.includes('<h1')) throw new Error('the pre-rendered landing page has no <h1>');
    if (/<script/i.test(markup)) throw new Error('the pre-rendered landing page has a script (the CSP would block it)');
    return markup;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * With the page's markup in the HTML, the first paint needs only the HTML and the entry
 * stylesheet. So the stylesheet is requested first, and the entry script and its modulepreloads
 * at low priority, after it: on a slow connection they no longer share the bandwidth the first
 * paint waits for. (Screens other than the landing page wait for the script either way; it still
 * loads at once, only behind the stylesheet.)
 */
function scriptsAfterStylesheet(html: string): string {
  const firstScript = /<script type="module"[^>]*\bsrc=|<link rel="modulepreload"/;
  const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
  let out = stylesheets.reduce((text, link) => text.replace(link, ''), html);
  const at = out.search(firstScript);
  if (at < 0) throw new Error('index.html has no entry script');
  out = out.slice(0, at) + stylesheets.map((link) => `${link.trim()}\n    `).join('') + out.slice(at);
  return out
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

/** The module the entry loads the app from (src/main.tsx). */
const APP_MODULE = path.join('src', 'app', 'start-app.tsx');

/**
 * The stylesheets of the app's chunk (its components' CSS modules: the landing page's header,
 * hero, sections and footer among them). The pre-rendered markup needs them for its first paint,
 * and a first-time visitor's device loads the app itself only on intent (src/main.tsx), so
 * index.html links them beside the entry's stylesheet. When the app loads, Vite sees them
 * already linked and does not fetch them again.
 */
function appStylesheets(ctx: IndexHtmlTransformContext, config: ResolvedConfig): string {
  const appModule = path.join(config.root, APP_MODULE);
  const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId === appModule);
  if (!chunk || chunk.type !== 'chunk') throw new Error(`no chunk in the build for ${APP_MODULE}`);
  const css = [...(chunk.viteMetadata?.importedCss ?? [])];
  return css.map((file) => `<link rel="stylesheet" crossorigin href="${config.base}${file}">`).join('\n    ');
}

export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'catalog:prerender-landing',
    apply: 'build',
    config: () => ({ define }),
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!html.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to pre-render into`);
        const markup = await renderLanding(config);
        const withAppStyles = html.replace('</head>', () => `  ${appStylesheets(ctx, config)}\n  </head>`);
        return scriptsAfterStylesheet(withAppStyles).replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="landing">${markup}</div>`);
      },
    },
  };
}
