/**
 * A process running work orders is killed with SIGKILL in the middle of a large order (no
 * cleanup, lease left behind, the database as the kill left it: an SQLite file, or a PostgreSQL
 * schema in the api-pg project); a second process on the same database resumes the order once
 * the lease lapses, and every price in the store ends up new.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../testing/db-targets';
import { expectedAfter, pickItems, storePrice, waitFor, waitForStatus, workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';

const apiRoot = fileURLToPath(new URL('../../..', import.meta.url));
/** Short, so the survivor takes over soon after the kill. */
const CHILD_LEASE_MS = 600;

/** Bundles crash-child.ts where its external modules (better-sqlite3) resolve, and starts it. */
async function startChild(args: string[]): Promise<ChildProcess> {
  const outDir = path.join(apiRoot, 'node_modules', '.cache', 'work-order-crash');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `child-${process.pid}.mjs`);
  await build({
    entryPoints: [fileURLToPath(new URL('./crash-child.ts', import.meta.url))],
    outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning',
    external: ['better-sqlite3', 'pg', 'pg-native'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  const child = spawn(process.execPath, [outfile, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the child process exited early (${code})`)));
    createInterface({ input: child.stdout! }).once('line', () => resolve());
  });
  child.removeAllListeners('exit');
  return child;
}

let world: WorkOrderWorld | undefined;
let child: ChildProcess | undefined;
let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  child?.kill('SIGKILL');
  await world?.close();
  world = undefined;
  await drop?.();
  drop = undefined;
});

describe('a work-order process killed mid-order', () => {
  it('is resumed by another process after its lease lapses, and every store price ends up new', async () => {
    const database = await testDatabase({ file: true });
    drop = database.drop;
    const file = database.url;
    world = await workOrderWorld({ databaseUrl: file, store: { products: 400 } });
    const w = world;
    const items = pickItems(w.store, { products: 100, variants: 300 });
    const before = items.map((i) => storePrice(w.store, i));
    const after = items.map((item, i) => expectedAfter(before[i]!, item));
    const isNew = (i: number) => JSON.stringify(storePrice(w.store, items[i]!)) === JSON.stringify(after[i]);
    // Slow enough (16 batches, 2 at a time, 100 ms each) to be caught in the middle.
    w.store.store.configure({ latencyMs: 100 });

    child = await startChild([file, path.join(apiRoot, 'drizzle'), w.store.url, w.appSecret, String(CHILD_LEASE_MS)]);
    const created = await w.post({ title: 'Killed mid-way', productUpdates: items, executeImmediately: true });
    await waitFor(async () => items.filter((_, i) => isNew(i)).length, (n) => n > 0, 10_000, 5);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    const abandoned = (await w.db.workOrders.get(w.companyId, created.body.id))!;
    expect(abandoned).toMatchObject({ status: 'executing', leaseOwner: 'doomed-process' });
    const newBefore = items.filter((_, i) => isNew(i)).length;
    expect(newBefore).toBeLessThan(items.length);

    const resumedAt = Date.now();
    w.scheduler({ owner: 'survivor', executor: w.executor({ leaseMs: CHILD_LEASE_MS }) }).start();
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed'], 15_000);
    expect(done.status).toBe('completed');
    expect(done.executedAt!.getTime() - resumedAt).toBeLessThan(CHILD_LEASE_MS + 5_000);
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(after[i]));
    expect(done.originalPrices!.map((s) => ({ regular: s.regularPriceCents, sale: s.salePriceCents }))).toEqual(before);
  });
});
