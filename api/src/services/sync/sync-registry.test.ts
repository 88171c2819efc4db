/**
 * The sync slot held in the database (SyncRegistry over db.activities), on every dialect: one
 * sync per company across registries sharing a database (as API processes do), a cancel from
 * any of them reaching the running one, the status with its latest progress, and a lease whose
 * heartbeat lapsed (its process died) freeing the slot. SQLite in memory always, PostgreSQL too
 * when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/repositories';
import { dbTargets, openTarget } from '../../testing/db-targets';
import { SyncRegistry } from './sync-registry';

const fast = { pollMs: 20, heartbeatMs: 50, leaseMs: 1_000 };
const until = async (check: () => boolean | Promise<boolean>, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(dbTargets)('sync registry on $name', (target) => {
  let db: Database;
  let close = async () => {};
  let a: string;
  let b: string;
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
    a = (await db.companies.create({ name: 'Acme' })).id;
    b = (await db.companies.create({ name: 'Globex' })).id;
  });
  afterAll(() => close());

  it('runs one sync per company across processes and frees the slot when it finishes', async () => {
    const here = new SyncRegistry(db, fast);
    const there = new SyncRegistry(db, fast);
    const run = (await here.start(a))!;
    expect(run).not.toBeNull();
    expect(await there.start(a)).toBeNull();
    expect(await here.start(a)).toBeNull();
    const other = (await there.start(b))!;
    expect(other).not.toBeNull();
    expect(await there.isRunning(a)).toBe(true);
    await here.finish(run);
    await there.finish(other);
    expect(await there.isRunning(a)).toBe(false);
    expect(await there.cancel(a)).toBe(false);
    const again = (await there.start(a))!;
    expect(again).not.toBeNull();
    await there.finish(again);
  });

  it('stops the running sync when another process cancels it, and reports its progress there', async () => {
    const here = new SyncRegistry(db, fast);
    const there = new SyncRegistry(db, fast);
    const run = (await here.start(a))!;
    expect(await there.status(a)).toMatchObject({ running: true, stage: 'starting', percentage: 0 });
    run.report({ stage: 'products', percentage: 40, message: 'Fetching products (page 1 of 2)' });
    await until(async () => (await there.status(a)).running && (await there.status(a) as { stage: string }).stage === 'products');
    expect(await there.status(a)).toEqual({
      running: true, stage: 'products', percentage: 40, message: 'Fetching products (page 1 of 2)', startedAt: run.startedAt,
    });
    expect(await there.cancel(a)).toBe(true);
    await until(() => run.signal.aborted, 1_000);
    expect((run.signal.reason as Error).message).toBe('cancelled by the user');
    await here.finish(run);
    expect(await there.status(a)).toEqual({ running: false });
  });

  it('frees the slot of a process that died once its lease lapses', async () => {
    const t0 = new Date();
    expect(await db.activities.acquire(a, 'sync', { owner: 'dead', now: t0, expiresAt: new Date(t0.getTime() + 60_000) })).toBe(true);
    const registry = new SyncRegistry(db, fast);
    expect(await registry.start(a)).toBeNull();
    // The dead process's last heartbeat is older than the lease.
    await db.activities.renew(a, 'sync', 'dead', { expiresAt: new Date(Date.now() - 1) });
    expect(await registry.isRunning(a)).toBe(false);
    const run = (await registry.start(a))!;
    expect(run).not.toBeNull();
    // The dead owner can no longer renew nor release it.
    expect(await db.activities.renew(a, 'sync', 'dead', { expiresAt: new Date(Date.now() + 60_000) })).toBeNull();
    await db.activities.release(a, 'sync', 'dead');
    expect(await registry.isRunning(a)).toBe(true);
    await registry.finish(run);
  });

  it('keeps the lease alive by heartbeat beyond its first expiry', async () => {
    const registry = new SyncRegistry(db, fast);
    const run = (await registry.start(b))!;
    await new Promise((r) => setTimeout(r, fast.leaseMs + 300));
    expect(run.signal.aborted).toBe(false);
    expect(await new SyncRegistry(db, fast).start(b)).toBeNull();
    await registry.finish(run);
  });
});
