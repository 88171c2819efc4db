/**
 * When work orders run: immediate ones right after creation, scheduled ones within 5 seconds
 * of their time (also after a restart: the state is in the database), an order abandoned
 * mid-way by a dead process is finished by another once its lease lapses, and companies take
 * turns: one company's backlog does not keep another's order waiting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/index';
import type { Database } from '../../db/repositories';
import { createSecretBox } from '../../lib/secrets';
import { createExecutor, storeClients } from './executor';
import { createScheduler, DEFAULT_POLL_MS } from './scheduler';
import { testDatabase } from '../../testing/db-targets';
import { testUser } from '../../testing/test-app';
import {
  connectAndSync, expectedAfter, pickItems, silent, storePrice, waitForStatus, workOrderWorld, type WorkOrderWorld,
} from '../../testing/work-order-world';

let world: WorkOrderWorld | undefined;
const extra: Array<() => Promise<void>> = [];
/** Databases the test made itself, removed once everything using them is closed. */
const databases: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of extra.splice(0).reverse()) await close();
  await world?.close();
  world = undefined;
  for (const drop of databases.splice(0)) await drop();
});

describe('the work-order scheduler', () => {
  it('starts an immediate order right after it is created, without waiting for a poll', async () => {
    world = await workOrderWorld();
    const w = world;
    w.scheduler({ pollMs: 60_000 }).start();
    const items = pickItems(w.store, { products: 2, variants: 2 });
    const started = Date.now();
    const created = await w.post({ title: 'Now', productUpdates: items, executeImmediately: true });
    const done = await waitForStatus(w, created.body.id, ['completed'], 3_000);
    expect(done.executedAt!.getTime() - started).toBeLessThan(1_000);
  });

  it('runs a scheduled order within 5 seconds of its time, also when the scheduler restarted meanwhile', async () => {
    const { url: file, drop } = await testDatabase({ file: true });
    databases.push(drop);
    world = await workOrderWorld({ databaseUrl: file });
    const w = world;
    const first = w.scheduler({ pollMs: DEFAULT_POLL_MS });
    first.start();
    const items = pickItems(w.store, { products: 3, variants: 2 });
    const scheduledAt = new Date(Date.now() + 1_500);
    const created = await w.post({ title: 'Later', productUpdates: items, scheduledAt: scheduledAt.toISOString(), executeImmediately: false });
    expect(created.status).toBe(201);
    expect(created.body.scheduledAt).toBe(scheduledAt.toISOString());
    // The process stops before the order is due; a new one starts on the same database.
    await first.stop();
    expect((await w.db.workOrders.get(w.companyId, created.body.id))!.status).toBe('pending');
    const db2: Database = await openDatabase(file);
    extra.push(() => db2.close());
    const storeClient = storeClients({ db: db2, commerce: w.commerce, secrets: createSecretBox(w.appSecret) });
    const second = createScheduler({ db: db2, executor: createExecutor({ db: db2, storeClient, logger: silent }), logger: silent });
    second.start();
    extra.push(() => second.stop());

    const done = await waitForStatus({ db: db2, companyId: w.companyId }, created.body.id, ['completed', 'failed'], 8_000);
    expect(done.status).toBe('completed');
    const lateBy = done.executedAt!.getTime() - scheduledAt.getTime();
    expect(lateBy).toBeGreaterThanOrEqual(0);
    expect(lateBy).toBeLessThan(5_000);
  });

  it('finishes an order whose process died mid-way, once its lease lapses, from the first snapshot', async () => {
    world = await workOrderWorld();
    const w = world;
    const items = pickItems(w.store, { products: 30, variants: 100 });
    const before = items.map((i) => storePrice(w.store, i));
    const after = items.map((item, i) => expectedAfter(before[i]!, item));
    const created = await w.post({ title: 'Interrupted', productUpdates: items, executeImmediately: true });

    // Process A claims the order and "dies" after its first batch: no status change, no lease release.
    const leaseMs = 400;
    const claimed = (await w.db.workOrders.claim(created.body.id, 'process-a', leaseMs, new Date()))!;
    const kill = new AbortController();
    const a = w.executor({ leaseMs, onBatch: () => kill.abort(new Error('SIGKILL')) });
    expect(await a.run(claimed, 'process-a', kill.signal)).toBe('aborted');
    const abandoned = (await w.db.workOrders.get(w.companyId, claimed.id))!;
    expect(abandoned).toMatchObject({ status: 'executing', leaseOwner: 'process-a' });
    const written = items.filter((item, i) => JSON.stringify(storePrice(w.store, item)) === JSON.stringify(after[i]));
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(items.length);

    // Process B's scheduler takes it over after the lease lapses and finishes it.
    w.scheduler({ owner: 'process-b', executor: w.executor({ leaseMs }) }).start();
    const done = await waitForStatus(w, claimed.id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(after[i]));
    // The snapshot is the one taken before anything was written, not prices A had already changed.
    expect(done.originalPrices!.map((s) => ({ regular: s.regularPriceCents, sale: s.salePriceCents }))).toEqual(before);

    // So undo still restores the prices from before the order.
    await w.app.request(`/api/work-orders/${done.id}/undo`, { method: 'POST', headers: w.owner.headers });
    await waitForStatus(w, done.id, ['undone']);
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(before[i]));
  });

  it('on stop, leaves a running order for the next start to resume at once', async () => {
    world = await workOrderWorld();
    const w = world;
    const items = pickItems(w.store, { products: 40, variants: 0 });
    let stopping: Promise<void> | undefined;
    const first = w.scheduler({ executor: w.executor({ leaseMs: 60_000, onBatch: () => void (stopping ??= first.stop()) }) });
    first.start();
    const created = await w.post({ title: 'Graceful', productUpdates: items, executeImmediately: true });
    await waitForStatus(w, created.body.id, ['executing']);
    // The first batch asks the scheduler to stop (on a busy machine, later than any fixed wait).
    for (const until = Date.now() + 10_000; !stopping && Date.now() < until;) await new Promise((r) => setTimeout(r, 10));
    expect(stopping).toBeDefined();
    await stopping;
    const left = (await w.db.workOrders.get(w.companyId, created.body.id))!;
    expect(left.status).toBe('executing');
    expect(left.leaseExpiresAt!.getTime()).toBeLessThan(Date.now());
    // A 60 s lease would otherwise hold it; the released one is claimed at the next look.
    w.scheduler({ executor: w.executor({ leaseMs: 60_000 }) }).start();
    expect((await waitForStatus(w, created.body.id, ['completed', 'failed'], 3_000)).status).toBe('completed');
  });

  it("completes a fourth company's order while three others each hold 20 waiting orders, against a store with 300 ms latency", async () => {
    world = await workOrderWorld({ store: { quota: 10_000 } });
    const w = world;
    // Three more companies on the same store, each its own owner, connected and synced.
    const owners = [{ ...w.owner, companyId: w.companyId }];
    for (const name of ['Bea Busy', 'Cal Busy', 'Dee Patient']) {
      const user = testUser(name);
      expect((await w.app.request('/api/auth/user', { headers: user.headers })).status).toBe(200);
      const { companyId } = (await w.db.users.getByFirebaseUid(user.sub))!;
      await connectAndSync(w.db, companyId, w.store, w.appSecret);
      owners.push({ ...user, companyId });
    }
    const [a, b, c, d] = owners;
    const items = pickItems(w.store, { products: 1, variants: 0 });
    // Companies A, B and C queue their cap of immediate orders (20 each) before D queues one.
    for (const busy of [a!, b!, c!]) {
      for (let i = 0; i < 20; i++) {
        expect((await w.post({ title: `Backlog ${i}`, productUpdates: items, executeImmediately: true }, busy.headers)).status).toBe(201);
      }
    }
    const waiting = await w.post({ title: 'Just one', productUpdates: items, executeImmediately: true }, d!.headers);
    expect(waiting.status).toBe(201);

    w.store.store.configure({ latencyMs: 300 });
    // Counts the orders each company has running at once (never more than one).
    const executor = w.executor();
    const active = new Map<string, number>();
    let most = 0;
    const counted = { ...executor, run: async (...args: Parameters<typeof executor.run>) => {
      const company = args[0].companyId;
      active.set(company, (active.get(company) ?? 0) + 1);
      most = Math.max(most, active.get(company)!);
      try {
        return await executor.run(...args);
      } finally {
        active.set(company, active.get(company)! - 1);
      }
    } };
    const started = Date.now();
    w.scheduler({ executor: counted, concurrency: 2 }).start();
    const done = await waitForStatus({ db: w.db, companyId: d!.companyId }, waiting.body.id, ['completed', 'failed'], 7_000);
    const tookMs = Date.now() - started;
    expect(done.status).toBe('completed');
    // Two slots, four companies: D's order is at most the third or fourth to start, after one
    // order of each of the others (each under 1 s at this latency: ~1.7 s in all here), not
    // after their backlogs (the old window of the 50 oldest orders held it back for over 10 s).
    expect(tookMs).toBeLessThan(5_000);
    expect(most).toBe(1);
  });
});
