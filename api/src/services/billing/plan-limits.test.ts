/**
 * The plan's product limit at sync, end to end: a trial company syncs 5 of the demo store's
 * products with the 'Plan Limit Reached' warning; after paying for Starter through the local
 * Stripe stand-in the next sync keeps 100; a downgrade back to the trial keeps those 100 (the
 * subscription state counts them) until the next sync, which keeps 5.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApp, type BillingApp } from '../../testing/billing-fixture';
import { postSync, readSyncEvents, startDemoStore, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
let t: BillingApp;
beforeAll(async () => {
  store = await startDemoStore({ products: 300, windowMs: 1_000, quota: 1_000 });
  t = await billingApp({ store });
});
afterAll(async () => {
  await t?.close();
  await store?.close();
});

async function sync() {
  const events = await readSyncEvents(await postSync(t.app, t.owner));
  const last = events.at(-1);
  if (last?.kind !== 'result') throw new Error(`the sync did not finish: ${JSON.stringify(last)}`);
  return last.result;
}

const productCount = async () => (await t.call(t.owner, 'GET', '/api/subscription')).body.productCount;

describe('plan limits at sync', () => {
  it('keeps 5 products on the trial, 100 after paying for Starter, and the data until the next sync after a downgrade', async () => {
    const onTrial = await sync();
    expect(onTrial.warning).toMatch(/Trial/);
    expect(await t.db.products.count(t.companyId)).toBe(5);

    await t.upgrade('starter');
    expect((await t.company()).productLimit).toBe(100);
    const onStarter = await sync();
    expect(onStarter.warning).toMatch(/Starter/);
    expect(await t.db.products.count(t.companyId)).toBe(100);
    expect(await productCount()).toBe(100);

    const down = await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'trial' });
    expect(down.body).toMatchObject({ plan: 'trial', productLimit: 5, productCount: 100 });
    await sync();
    expect(await productCount()).toBe(5);
  });
});
