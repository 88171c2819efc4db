/**
 * The sync slot across API processes: two app instances on one database (an SQLite file, and a
 * PostgreSQL schema when TEST_DATABASE_URL is set), as two processes behind a load balancer. A
 * sync running on one is refused (409) on the other, stopped within a second by a cancel sent
 * to the other, and followed from the other through GET /api/sync/status; a lease left by a
 * process that died frees the slot once its heartbeat lapses.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { SyncStatus, type SyncEvent } from '@catalog/contracts/sync';
import { generateAppSecret } from '../../lib/secrets';
import { testDatabase, dbTargets } from '../../testing/db-targets';
import { connectedApp, pageGate, postSync, readSyncEvents, startDemoStore, storeProducts } from '../../testing/store-fixture';
import { commerceAt, testApp } from '../../testing/test-app';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const errorOf = async (res: Response) => ErrorBody.parse(await res.json()).error;
const isFirstPage = (e: SyncEvent) => e.kind === 'progress' && e.progress.message === 'Fetching products (page 1 of 2)';

describe.each(dbTargets)('the sync slot across two API instances on $name', () => {
  /** Instance `one` (the owner's store connected, 300 products, limit 1000) and `two`, on one database, behind one page gate. */
  async function twoInstances() {
    const database = await testDatabase({ file: true });
    cleanups.push(database.drop);
    const store = await startDemoStore({ products: 300 });
    cleanups.unshift(store.close);
    const gate = pageGate();
    const appSecret = generateAppSecret();
    const one = await connectedApp(store, { databaseUrl: database.url, fetch: gate.fetch, appSecret });
    cleanups.unshift(one.close);
    await one.setLimit(1000);
    const two = await testApp({ databaseUrl: database.url, commerce: commerceAt(store.url, { fetch: gate.fetch }), appSecret });
    cleanups.unshift(two.close);
    return { one, two, gate, store };
  }
  const status = async (app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, headers: Record<string, string>) =>
    SyncStatus.parse(await (await app.request('/api/sync/status', { headers })).json());

  it('refuses a second sync on the other instance, shows the progress there, and stops the sync when cancelled there', async () => {
    const { one, two, gate, store } = await twoInstances();
    const headers = one.owner.headers;
    expect(await status(two.app, headers)).toEqual({ running: false });
    gate.hold();
    let cancelledAt = 0;
    const events = await readSyncEvents(await postSync(one.app, one.owner), async (e) => {
      if (!isFirstPage(e)) return;
      const second = await postSync(two.app, one.owner);
      expect(second.status).toBe(409);
      expect(await errorOf(second)).toEqual({ code: 'CONFLICT', message: 'A sync is already running for this store' });
      const deleting = await two.app.request('/api/products/all', { method: 'DELETE', headers });
      expect(deleting.status).toBe(409);
      // The running sync writes its progress to its lease row within a tick.
      const deadline = Date.now() + 2_000;
      let seen = await status(two.app, headers);
      while (!(seen.running && seen.message === 'Fetching products (page 1 of 2)') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await status(two.app, headers);
      }
      expect(seen).toEqual({
        running: true, stage: 'products', percentage: expect.any(Number), message: 'Fetching products (page 1 of 2)', startedAt: expect.any(String),
      });
      const cancel = await two.app.request('/api/sync/cancel', { method: 'POST', headers });
      expect(cancel.status).toBe(200);
      expect(await cancel.json()).toEqual({ message: 'Cancelling the sync' });
      cancelledAt = Date.now();
    });
    expect(Date.now() - cancelledAt).toBeLessThan(1_000);
    expect(events.at(-1)).toEqual({
      kind: 'progress',
      progress: { stage: 'cancelled', percentage: expect.any(Number), message: 'Sync cancelled; 250 products were updated before it stopped' },
    });
    expect(await two.db.products.count(one.companyId)).toBe(250);
    expect(await status(two.app, headers)).toEqual({ running: false });
    const none = await two.app.request('/api/sync/cancel', { method: 'POST', headers });
    expect(none.status).toBe(404);
    expect(await errorOf(none)).toMatchObject({ code: 'NOT_FOUND', message: 'No sync is running' });
    // The slot is free on both instances: the other one now syncs the whole catalog.
    gate.open();
    expect((await readSyncEvents(await postSync(two.app, one.owner))).at(-1)?.kind).toBe('result');
    expect(await one.db.products.count(one.companyId)).toBe(storeProducts(store).length);
  });

  it('lets the next sync start once the lease of a process that died lapses', async () => {
    const { one, two, store } = await twoInstances();
    const now = new Date();
    // A process took the slot and died: its lease is still live until its expiry passes.
    expect(await one.db.activities.acquire(one.companyId, 'sync', { owner: 'dead-process', now, expiresAt: new Date(now.getTime() + 30_000) })).toBe(true);
    for (const app of [one.app, two.app]) {
      const refused = await postSync(app, one.owner);
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toEqual({ code: 'CONFLICT', message: 'A sync is already running for this store' });
    }
    expect(await status(two.app, one.owner.headers)).toMatchObject({ running: true, stage: 'starting' });
    // No heartbeat came: the expiry is now in the past.
    await one.db.activities.renew(one.companyId, 'sync', 'dead-process', { expiresAt: new Date(Date.now() - 1) });
    expect(await status(two.app, one.owner.headers)).toEqual({ running: false });
    expect((await readSyncEvents(await postSync(two.app, one.owner))).at(-1)?.kind).toBe('result');
    expect(await two.db.products.count(one.companyId)).toBe(storeProducts(store).length);
  });
});
