/**
 * The repository contract of the lowest prior prices published to the storefront (issue 36 item
 * 3), on every dialect: a company is due while it publishes and its publication is missing,
 * behind a price change, past its refresh, or written for another window or store, or while it
 * no longer publishes with metafields left; never while retrying later, under a live lease, or
 * without a store. Batches are recorded and the store's list replaces the table. Settings reads
 * a publication (and its count of metafields) without making one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import type { Database, PublicationRunEnd } from './repositories';

const NOW = new Date(Date.UTC(2030, 0, 10, 12));
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe.each(dbTargets)('prior price publication on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  /** A company with a connected store, publishing with a 30-day window unless told otherwise. */
  async function company(options: { publish?: boolean; days?: number | null; connected?: boolean } = {}) {
    const { id } = await db.companies.create({ name: 'Publishing Co' });
    await db.companies.update(id, { publishPriorPrice: options.publish ?? true, priorPriceDays: options.days === undefined ? 30 : options.days });
    if (options.connected !== false) await db.settings.upsert(id, { storeHash: 'store-a', accessToken: 'sealed', clientId: 'client-a' });
    return id;
  }
  const isDue = async (id: string, at = NOW) => (await db.priorPrice.due(at, 10_000)).includes(id);
  const done: Omit<PublicationRunEnd, 'done'> = { storeHash: 'store-a', days: 30, refreshAt: later(86_400_000), retryAt: null, failures: 0, lastError: null };
  /** A run that handled every change asked for so far. */
  const finished = async (id: string, end: Partial<PublicationRunEnd> = {}) =>
    db.priorPrice.finish(id, { ...done, done: (await db.priorPrice.publication(id)).requested, ...end });

  it('makes a company due when it starts publishing, and not once a run handled it', async () => {
    const id = await company();
    expect(await isDue(id)).toBe(true);
    expect(await db.priorPrice.publication(id)).toMatchObject({ companyId: id, storeHash: null, days: null, requested: 1, done: 0, refreshAt: null, failures: 0 });
    await finished(id);
    expect(await isDue(id)).toBe(false);
    expect(await isDue(await company({ publish: false }))).toBe(false);
    expect(await isDue(await company({ days: null }))).toBe(false);
    expect(await isDue(await company({ connected: false }))).toBe(false);
  });

  it('makes it due again on a price change, at its refresh time, and for another window or store', async () => {
    const id = await company();
    await db.priorPrice.publication(id);
    await finished(id);
    await db.priorPrice.markChanged(id);
    await db.priorPrice.markChanged(id);
    expect(await db.priorPrice.publication(id)).toMatchObject({ requested: 3, done: 1 });
    expect(await isDue(id)).toBe(true);
    await finished(id);
    expect([await isDue(id), await isDue(id, later(86_400_000))]).toEqual([false, true]);
    await db.companies.update(id, { priorPriceDays: 14 });
    expect(await isDue(id)).toBe(true);
    await finished(id, { days: 14 });
    await db.settings.upsert(id, { storeHash: 'store-b', accessToken: 'sealed', clientId: 'client-a' });
    expect(await isDue(id)).toBe(true);
  });

  it('makes a company that stopped publishing due until nothing is left published', async () => {
    const id = await company();
    await db.priorPrice.publication(id);
    await finished(id);
    await db.companies.update(id, { publishPriorPrice: false });
    expect(await isDue(id)).toBe(true);
    await finished(id, { days: null });
    expect(await isDue(id)).toBe(false);
    // A price change does not wake a company that does not publish.
    await db.priorPrice.markChanged(id);
    expect(await isDue(id)).toBe(false);
  });

  it('leaves a company out while a failed run waits to retry and while another process holds its lease', async () => {
    const id = await company();
    await db.priorPrice.publication(id);
    await db.priorPrice.finish(id, { storeHash: 'store-a', days: null, refreshAt: null, retryAt: later(60_000), failures: 1, lastError: 'The store failed' });
    expect(await db.priorPrice.publication(id)).toMatchObject({ requested: 1, done: 0, failures: 1, lastError: 'The store failed' });
    expect([await isDue(id), await isDue(id, later(60_000))]).toEqual([false, true]);
    expect(await db.activities.acquire(id, 'prior-price', { owner: 'other process', now: NOW, expiresAt: later(90_000) })).toBe(true);
    expect([await isDue(id, later(60_000)), await isDue(id, later(90_001))]).toEqual([false, true]);
  });

  it('records what batches did, and replaces the table with the store\'s list', async () => {
    const id = await company();
    const other = await company();
    await db.priorPrice.record(id, { written: [{ variantId: 7, metafieldId: 70, value: 'a' }, { variantId: 3, metafieldId: 30, value: 'b' }] });
    await db.priorPrice.record(other, { written: [{ variantId: 7, metafieldId: 71, value: 'theirs' }] });
    await db.priorPrice.record(id, { written: [{ variantId: 7, metafieldId: 70, value: 'c' }], removed: [3, 99] });
    expect(await db.priorPrice.published(id)).toEqual([{ variantId: 7, metafieldId: 70, value: 'c' }]);
    const many = Array.from({ length: 2_500 }, (_, i) => ({ variantId: 10_000_000_000 + i, metafieldId: 20_000_000_000 + i, value: `{"amount":"${i}.00"}` }));
    await db.priorPrice.replace(id, many);
    expect(await db.priorPrice.published(id)).toEqual(many);
    await db.priorPrice.replace(id, []);
    expect([await db.priorPrice.published(id), await db.priorPrice.published(other)]).toEqual([[], [{ variantId: 7, metafieldId: 71, value: 'theirs' }]]);
  });

  it('reads a publication for Settings without making one, and keeps the last success\'s time through a failure', async () => {
    const id = await company();
    expect(await db.priorPrice.overview(id)).toEqual({ publication: null, variants: 0 });
    expect(await db.priorPrice.overview(id)).toEqual({ publication: null, variants: 0 });
    await db.priorPrice.publication(id);
    await db.priorPrice.record(id, { written: [{ variantId: 7, metafieldId: 70, value: 'a' }, { variantId: 8, metafieldId: 80, value: 'b' }] });
    await db.priorPrice.record(await company(), { written: [{ variantId: 9, metafieldId: 90, value: 'theirs' }] });
    await finished(id, { publishedAt: later(2_000) });
    expect(await db.priorPrice.overview(id)).toMatchObject({ publication: { publishedAt: later(2_000), failures: 0, lastError: null }, variants: 2 });
    await db.priorPrice.finish(id, { storeHash: 'store-a', days: 30, refreshAt: null, retryAt: later(60_000), failures: 1, lastError: 'The store failed' });
    expect(await db.priorPrice.overview(id)).toMatchObject({ publication: { publishedAt: later(2_000), failures: 1, lastError: 'The store failed', retryAt: later(60_000) }, variants: 2 });
  });
});
