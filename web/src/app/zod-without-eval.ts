/**
 * Zod without eval. The app's Content-Security-Policy (api/src/app.ts) has no 'unsafe-eval', so
 * Zod 4 cannot compile its fast object parsers (`new Function`) and parses the plain way anyway;
 * but its probe for eval is itself reported as a CSP violation (an error in DevTools' Issues
 * panel, and in Lighthouse) on the first schema. Configured `jitless`, Zod skips the probe.
 *
 * `z.config({ jitless: true })` writes `globalThis.__zod_globalConfig`, the object every copy of
 * Zod shares and reads when a schema is built. Zod is not in the entry chunk (web/ does not
 * depend on it directly; the contracts' schemas load with the screens), so this module, imported
 * first by the entry's providers, sets the same flag before any schema exists.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
