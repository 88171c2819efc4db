/**
 * The per-store half of the admin surface: one store's settings (read, change, drop back to the
 * global ones), its queued faults and its counters, and adding a store at run time, so a test or
 * benchmark can throttle or break one store and leave another alone. Bodies are checked: a bad
 * one is a 400 naming each wrong field, an unknown store a 404, a hash already served a 409.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { FAULT_KINDS, readFaultQueue } from '../faults';
import { readJson } from '../responses';
import { describeFieldErrors, readSettingsPatch } from '../settings';
import { STORE_HASH_PATTERN } from '../store-state';
import type { DemoStoreState, StoreSpec } from '../store-state';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The 400 of a body that failed its checks: one message, and the problem of each field. */
export function invalid(c: Context, what: string, fields: Record<string, string>) {
  return c.json({ error: `Invalid ${what}: ${describeFieldErrors(fields)}`, fields }, 400);
}

const STORE_FIELDS = ['hash', 'accessToken', 'clientId', 'products', 'seed', 'settings'];

/** A store to add, from `{hash, accessToken, clientId?, products?, seed?, settings?}`. */
export function readStoreSpec(body: unknown): { spec: StoreSpec } | { errors: Record<string, string> } {
  if (!isRecord(body)) return { errors: { body: 'must be a JSON object' } };
  const errors: Record<string, string> = {};
  const { hash, accessToken, clientId, products, seed, settings } = body;
  if (typeof hash !== 'string' || !STORE_HASH_PATTERN.test(hash)) errors.hash = 'must be letters, digits, - or _';
  if (typeof accessToken !== 'string' || accessToken === '') errors.accessToken = 'must be a non-empty string';
  if (clientId !== undefined && (typeof clientId !== 'string' || clientId === '')) errors.clientId = 'must be a non-empty string';
  if (products !== undefined && !(typeof products === 'number' && Number.isInteger(products) && products >= 0)) {
    errors.products = 'must be a non-negative integer';
  }
  if (seed !== undefined && typeof seed !== 'string' && typeof seed !== 'number') errors.seed = 'must be a string or a number';
  const reading = settings === undefined ? { patch: {} } : readSettingsPatch(settings);
  if ('errors' in reading) for (const [field, problem] of Object.entries(reading.errors)) errors[`settings.${field}`] = problem;
  for (const key of Object.keys(body)) if (!STORE_FIELDS.includes(key)) errors[key] = `is not a store field (fields: ${STORE_FIELDS.join(', ')})`;
  if (Object.keys(errors).length > 0 || !('patch' in reading)) return { errors };
  // The checks above make these casts true.
  const spec = { hash, accessToken, clientId, products, seed } as Omit<StoreSpec, 'settings'>;
  return { spec: { ...spec, settings: reading.patch } };
}

export function storeAdminRoutes(state: DemoStoreState) {
  const unknown = (c: Context) => c.json({ error: `Unknown store "${c.req.param('hash')}"` }, 404);

  return new Hono()
    .post('/stores', async (c) => {
      const read = readStoreSpec(await readJson(c));
      if ('errors' in read) return invalid(c, 'store', read.errors);
      if (state.account(read.spec.hash)) return c.json({ error: `The demo store already serves a store with hash "${read.spec.hash}"` }, 409);
      const account = state.addStore(read.spec);
      const summary = { hash: account.hash, clientId: account.clientId, products: account.catalog.data.products.size };
      return c.json({ ...summary, settings: state.settingsOf(account.hash) }, 201);
    })
    .get('/stores/:hash/settings', (c) => (state.account(c.req.param('hash')) ? c.json(state.settingsOf(c.req.param('hash'))) : unknown(c)))
    .patch('/stores/:hash/settings', async (c) => {
      if (!state.account(c.req.param('hash'))) return unknown(c);
      const read = readSettingsPatch(await readJson(c));
      if ('errors' in read) return invalid(c, 'settings', read.errors);
      return c.json(state.configureStore(c.req.param('hash'), read.patch));
    })
    .delete('/stores/:hash/settings', (c) => (state.account(c.req.param('hash')) ? c.json(state.configureStore(c.req.param('hash'), null)) : unknown(c)))
    .post('/stores/:hash/faults', async (c) => {
      if (!state.account(c.req.param('hash'))) return unknown(c);
      const next = readFaultQueue(await readJson(c));
      if (!next) return c.json({ error: `Send {"next": [...]} with kinds among ${FAULT_KINDS.join(', ')}` }, 400);
      state.failNextFor(c.req.param('hash'), ...next);
      return c.json({ queued: next.length });
    })
    .get('/stores/:hash/stats', (c) => (state.account(c.req.param('hash')) ? c.json(state.statsOf(c.req.param('hash'))) : unknown(c)));
}
