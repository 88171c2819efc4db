/**
 * The daily backup job (issue 17): two schedulers on one database (two connections, as two API
 * processes have) back each Premium company up once a day, and a restart finds the day done;
 * retention keeps the last 30 daily backups and an on-demand one, deletes what nothing rests
 * on any more, and every listed backup still reads back as the catalog was. Runs on SQLite (a
 * file opened twice) and, with TEST_DATABASE_URL, on PostgreSQL (one schema, two pools).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/index';
import type { Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import { openTestDatabaseAt, testDatabase } from '../../testing/db-targets';
import { createBackupScheduler } from './backup-scheduler';
import { MAX_CHAIN, readBackupState, stateOfCatalog, takeBackup } from './backups';
import type { PriceState } from './backup-codec';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const DAY = 86_400_000;
const START = Date.parse('2030-03-01T09:00:00.000Z');

/** A logger that keeps the messages (which process took which backup). */
function recorder(lines: Array<{ msg: string } & Record<string, unknown>>, base: Record<string, unknown> = {}): Logger {
  const write = (msg: string, fields?: Record<string, unknown>) => void lines.push({ msg, ...base, ...fields });
  return { debug: write, info: write, warn: write, error: write, child: (fields) => recorder(lines, { ...base, ...fields }) };
}

async function twoProcesses() {
  const database = await testDatabase({ file: true });
  const a = await openTestDatabaseAt(database);
  const b = await openDatabase(database.url);
  cleanups.push(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });
  return { a, b, url: database.url };
}

async function company(db: Database, name: string, plan: string, products: number) {
  const c = await db.companies.create({ name, subscriptionPlan: plan, productLimit: 1_000 });
  if (products > 0) {
    await db.products.upsertMany(c.id, Array.from({ length: products }, (_, i) => ({
      externalId: 100 + i,
      name: `${name} item ${i}`,
      regularPriceCents: 1_000 + i,
      salePriceCents: i % 3 === 0 ? 800 : null,
      variants: [
        { externalId: 10_000 + i * 10, regularPriceCents: null, salePriceCents: null },
        { externalId: 10_001 + i * 10, regularPriceCents: 1_500 + i, salePriceCents: 0 },
      ],
    })));
  }
  return c.id;
}

const plain = (s: PriceState) => JSON.stringify({ p: [...s.products].sort((x, y) => x[0] - y[0]), v: [...s.variants].sort((x, y) => x[0] - y[0]) });

describe('the daily backup', () => {
  it('is taken once per Premium company a day by two schedulers at once, and not again after a restart', async () => {
    const { a, b, url } = await twoProcesses();
    const premium = await company(a, 'Acme', 'premium', 5);
    const second = await company(a, 'Globex', 'premium', 3);
    const trial = await company(a, 'Initech', 'trial', 4);
    const empty = await company(a, 'Hooli', 'premium', 0);
    let now = START;
    const lines: Array<{ msg: string } & Record<string, unknown>> = [];
    const one = createBackupScheduler({ db: a, logger: recorder(lines, { process: 'one' }), owner: 'one', now: () => new Date(now) });
    const two = createBackupScheduler({ db: b, logger: recorder(lines, { process: 'two' }), owner: 'two', now: () => new Date(now) });

    await Promise.all([one.kick(), two.kick(), one.kick(), two.kick()]);
    const taken = lines.filter((l) => l.msg === 'daily backup taken');
    expect(taken.map((l) => l.companyId).sort()).toEqual([premium, second].sort());
    expect(lines.filter((l) => l.msg.includes('failed'))).toEqual([]);
    for (const id of [premium, second]) {
      const list = await a.backups.list(id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ trigger: 'daily', dedupeKey: 'daily:2030-03-01', depth: 0, parentId: null, changedCount: null });
      expect(await a.activities.get(id, 'backup', new Date(now))).toBeNull();
    }
    expect(await a.backups.list(trial)).toEqual([]);
    expect(await a.backups.list(empty)).toEqual([]);

    // Later the same day, and after a restart (a new process on the same database): nothing more.
    now += 3 * 3_600_000;
    await Promise.all([one.kick(), two.kick()]);
    const restarted = await openDatabase(url);
    cleanups.push(() => restarted.close());
    await createBackupScheduler({ db: restarted, logger: recorder(lines), now: () => new Date(now) }).kick();
    expect((await a.backups.list(premium)).length).toBe(1);

    // The next day: one more each, a delta on the first, counting the prices changed since.
    now += DAY;
    await a.products.setPrices(premium, [{ productId: (await a.products.getByExternalIds(premium, [101]))[0]!.id, regularPriceCents: 7_777 }]);
    await Promise.all([two.kick(), one.kick()]);
    const [latest, first] = await a.backups.list(premium);
    expect(latest).toMatchObject({ dedupeKey: 'daily:2030-03-02', parentId: first!.id, depth: 1, changedCount: 1 });
    expect((await a.backups.list(second))[0]).toMatchObject({ depth: 1, changedCount: 0 });
    expect((await readBackupState(b, premium, latest!)).products.get(101)).toEqual({ regular: 7_777, sale: null });
    expect(plain(await readBackupState(b, premium, latest!))).toBe(plain(stateOfCatalog(await a.backups.catalogPrices(premium))));
  });

  it('keeps the last 30 daily backups and an on-demand one, deletes what nothing rests on, and reads every kept one back', async () => {
    const { a } = await twoProcesses();
    const id = await company(a, 'Acme', 'premium', 20);
    let now = START;
    const scheduler = createBackupScheduler({ db: a, logger: recorder([]), now: () => new Date(now) });
    const states = new Map<string, string>();
    const products = await a.products.getByExternalIds(id, Array.from({ length: 20 }, (_, i) => 100 + i));
    let manualId = '';
    const days = 2 * MAX_CHAIN + 10;
    for (let day = 0; day < days; day++) {
      now = START + day * DAY;
      // A few prices change every day.
      await a.products.setPrices(id, [{ productId: products[day % 20]!.id, regularPriceCents: 2_000 + day }], new Date(now));
      await scheduler.kick();
      const [newest] = await a.backups.list(id);
      states.set(newest!.id, plain(stateOfCatalog(await a.backups.catalogPrices(id))));
      if (day === 5) {
        const manual = (await takeBackup(a, id, { trigger: 'manual', now: new Date(now + 60_000) }))!;
        manualId = manual.id;
        states.set(manual.id, plain(stateOfCatalog(await a.backups.catalogPrices(id))));
      }
    }
    const listed = await a.backups.list(id);
    expect(listed.filter((b) => b.trigger === 'daily')).toHaveLength(30);
    expect(listed.filter((b) => b.trigger === 'manual').map((b) => b.id)).toEqual([manualId]);
    expect(listed.every((b) => b.depth < MAX_CHAIN)).toBe(true);
    for (const backup of listed) expect(plain(await readBackupState(a, id, backup)), backup.createdAt.toISOString()).toBe(states.get(backup.id));
    // Backups nothing rests on any more are gone; the on-demand one keeps the chain it rests on.
    const stored = await Promise.all([...states.keys()].map((key) => a.backups.get(id, key)));
    expect(stored.filter((b) => b === null).length).toBeGreaterThan(10);
    expect(stored.filter((b) => b !== null).length).toBeLessThan(days);
    const firstDaily = stored.find((b) => b?.dedupeKey === 'daily:2030-03-01');
    expect(firstDaily?.expiredAt).toBeInstanceOf(Date);
  });
});
