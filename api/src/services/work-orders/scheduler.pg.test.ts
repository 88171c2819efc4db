/**
 * Two API processes on one PostgreSQL database (two connection pools, two schedulers with their
 * own lease owners): every due order runs exactly once, and one company's orders run one at a
 * time across both processes. Two companies, so that both processes have work at once (one
 * company's orders alone run one at a time, and one process could take them all).
 * Runs when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/index';
import type { Database } from '../../db/repositories';
import { createLogger } from '../../lib/logger';
import { createSecretBox, generateAppSecret } from '../../lib/secrets';
import { resolveItems } from '../../routes/work-orders/work-order-items';
import { startDemoStore, type TestStore } from '../../testing/store-fixture';
import { commerceAt } from '../../testing/test-app';
import { createExecutor, storeClients } from './executor';
import type { RunOutcome } from './run-context';
import { createScheduler, type Scheduler } from './scheduler';
import { connectAndSync, pickItems, waitFor } from '../../testing/work-order-world';

const baseUrl = process.env.TEST_DATABASE_URL;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!baseUrl)('work orders on PostgreSQL with two API processes', () => {
  const schema = `work_orders_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  let url: string;
  let store: TestStore;
  const dbs: Database[] = [];
  const schedulers: Scheduler[] = [];

  beforeAll(async () => {
    await admin(`create schema "${schema}"`);
    const u = new URL(baseUrl!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    url = u.toString();
    store = await startDemoStore({ products: 80, windowMs: 1_000, latencyMs: 5 });
  });
  afterAll(async () => {
    await Promise.all(schedulers.map((s) => s.stop()));
    await Promise.all(dbs.map((db) => db.close()));
    await store?.close();
    await admin(`drop schema if exists "${schema}" cascade`);
  });

  it('runs each due order exactly once', async () => {
    // Two "processes" migrate and open the same database together, as two instances starting would.
    const [a, b] = await Promise.all([openDatabase(url, { poolSize: 4 }), openDatabase(url, { poolSize: 4 })]);
    dbs.push(a!, b!);
    const appSecret = generateAppSecret();
    const company = await a!.companies.create({ name: 'Acme' });
    const other = await a!.companies.create({ name: 'Globex' });
    const user = await a!.users.create({ companyId: company.id, email: `${randomUUID()}@example.com`, role: 'owner' });
    await connectAndSync(a!, company.id, store, appSecret);
    await connectAndSync(a!, other.id, store, appSecret);

    // Eight orders on disjoint items, all due now: four of each company.
    const items = pickItems(store, { products: 40, variants: 80 });
    const orders = [];
    for (let i = 0; i < 8; i++) {
      const owner = i % 2 === 0 ? company : other;
      const mine = items.filter((_, k) => k % 8 === i);
      const productUpdates = await resolveItems(a!, owner.id, mine);
      orders.push((await a!.workOrders.create(owner.id, { title: `Order ${i}`, productUpdates, executeImmediately: true, createdBy: owner === company ? user.id : null })).order);
    }

    const runs = new Map<string, string[]>();
    const outcomes: RunOutcome[] = [];
    // Each company's orders running at once, over both processes (never more than one).
    const active = new Map<string, number>();
    let most = 0;
    for (const [name, db] of [['process-a', a!], ['process-b', b!]] as const) {
      const executor = createExecutor({
        db, storeClient: storeClients({ db, commerce: commerceAt(store.url), secrets: createSecretBox(appSecret) }), logger: createLogger('silent'),
      });
      const counted = { ...executor, run: async (...args: Parameters<typeof executor.run>) => {
        const companyId = args[0].companyId;
        runs.set(args[0].id, [...(runs.get(args[0].id) ?? []), name]);
        active.set(companyId, (active.get(companyId) ?? 0) + 1);
        most = Math.max(most, active.get(companyId)!);
        try {
          const outcome = await executor.run(...args);
          outcomes.push(outcome);
          return outcome;
        } finally {
          active.set(companyId, active.get(companyId)! - 1);
        }
      } };
      // One order worked on at a time per process (waiting on the store frees the slot).
      const s = createScheduler({ db, executor: counted, logger: createLogger('silent'), owner: name, pollMs: 50, concurrency: 1 });
      schedulers.push(s);
    }
    schedulers.forEach((s) => s.start());

    const all = async () => [...(await a!.workOrders.list(company.id)), ...(await a!.workOrders.list(other.id))];
    const done = await waitFor(all, (list) => list.every((o) => o.status === 'completed' || o.status === 'failed'), 20_000);
    expect(done.map((o) => o.status)).toEqual(Array(8).fill('completed'));
    expect(orders.map((o) => runs.get(o.id)?.length)).toEqual(Array(8).fill(1));
    // An order reads completed once its run wrote the status; the run returns its outcome just after.
    await waitFor(async () => outcomes.length, (n) => n === 8, 5_000);
    // Which process runs which order is not fixed: a process's slot is free while its order waits
    // on the store (decision 049), so one process may hold both companies' orders at once.
    expect(outcomes).toEqual(Array(8).fill('completed'));
    expect(most).toBe(1);
    for (const order of orders) {
      const entries = (await Promise.all([...new Set(order.productUpdates.map((i) => i.productId))]
        .map((id) => a!.priceHistory.listForProduct(order.companyId, id)))).flat().filter((e) => e.workOrderId === order.id);
      expect(entries).toHaveLength(order.productUpdates.length);
    }

    // A process that died after recording the history but before marking the order completed:
    // the run that resumes it writes again and finds its history already there (no duplicates).
    const first = orders[0]!;
    await a!.workOrders.update(company.id, first.id, { status: 'executing', executedAt: null, leaseOwner: 'dead', leaseExpiresAt: new Date(Date.now() - 1) });
    await waitFor(() => a!.workOrders.get(company.id, first.id), (o) => o!.status === 'completed', 10_000);
    const again = (await Promise.all([...new Set(first.productUpdates.map((i) => i.productId))]
      .map((id) => a!.priceHistory.listForProduct(company.id, id)))).flat().filter((e) => e.workOrderId === first.id);
    expect(again).toHaveLength(first.productUpdates.length);
  });
});
