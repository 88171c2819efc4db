/**
 * Issue 36 item 3 when things go wrong, on both databases: a 500 and a 429 in the middle of a run
 * are sent again and no write is lost; a store that keeps failing ends the run as failed with
 * what it wrote kept, and the rest is written at its retry; a store token that cannot be read
 * sends nothing and waits; two publishers (two processes) on one
 * database publish a company once; another company's store is left alone.
 */
import { DEMO_STORE } from '@catalog/demo-store';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, generateAppSecret } from '../../lib/secrets';
import { priorPriceWorld, type PriorPriceWorld } from '../../testing/prior-price-world';
import { commerceAt, testUser } from '../../testing/test-app';
import { encryptToken, UNREADABLE_TOKEN_MESSAGE } from '../store-connection';
import { runSync } from '../sync/sync-engine';
import { retryDelayMs } from './publish-run';

let world: PriorPriceWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const ACME = { hash: 'acme', accessToken: 'acme-token', clientId: 'acme-client' };

/** Another company, connected to the demo server's `acme` store and synced, publishing too. */
async function acmeCompany(w: PriorPriceWorld): Promise<string> {
  const other = testUser('Other Owner');
  if ((await w.app.request('/api/auth/user', { headers: other.headers })).status !== 200) throw new Error('sign-in failed');
  const { companyId } = (await w.db.users.getByFirebaseUid(other.sub))!;
  await w.db.companies.update(companyId, { subscriptionPlan: 'premium', productLimit: 1_000, publishPriorPrice: true, priorPriceDays: 30 });
  await w.db.settings.upsert(companyId, { storeHash: ACME.hash, accessToken: encryptToken(createSecretBox(w.appSecret), companyId, ACME.accessToken), clientId: ACME.clientId });
  const client = commerceAt(w.store.url)({ storeHash: ACME.hash, accessToken: ACME.accessToken });
  const outcome = await runSync({ db: w.db, client, companyId, includeInvisible: true, plan: { name: 'premium', productLimit: 1_000 } });
  if (outcome.status !== 'complete') throw new Error('the sync did not complete');
  return companyId;
}

describe('publishing the lowest prior prices when things go wrong', () => {
  it('loses no write to a 500 and a 429 in the middle of a run: the batch is sent again', async () => {
    world = await priorPriceWorld();
    const w = world;
    const { items } = w.saleItems(70);
    await w.runOrder(items);
    let posts = 0;
    // The second batch meets a 500, then a 429 (another app spent the quota), then goes through.
    w.onSend((r) => {
      if (r.method === 'POST' && ++posts === 2) w.store.store.failNextFor(DEMO_STORE.hash, '500', '429');
    });
    await w.publisher().runOnce();
    expect(w.take()).toEqual([['GET', 0], ['POST', 50], ['POST', 20], ['POST', 20], ['POST', 20]]);
    expect(w.published().size).toBe(70);
    expect((await w.db.priorPrice.published(w.companyId)).length).toBe(70);
    expect(await w.db.priorPrice.publication(w.companyId)).toMatchObject({ failures: 0, lastError: null });
  }, 60_000);

  it('keeps what a run wrote when the store keeps failing, and writes the rest at its retry', async () => {
    world = await priorPriceWorld();
    const w = world;
    const { items } = w.saleItems(70);
    await w.runOrder(items);
    let posts = 0;
    // Every attempt of the second batch fails (the client tries 5 times).
    w.onSend((r) => {
      if (r.method === 'POST' && ++posts === 2) w.store.store.failNextFor(DEMO_STORE.hash, '500', '500', '500', '500', '500');
    });
    await w.publisher().runOnce();
    expect(w.take()).toEqual([['GET', 0], ['POST', 50], ['POST', 20], ['POST', 20], ['POST', 20], ['POST', 20], ['POST', 20]]);
    expect([w.published().size, (await w.db.priorPrice.published(w.companyId)).length]).toEqual([50, 50]);
    const failed = await w.db.priorPrice.publication(w.companyId);
    expect(failed).toMatchObject({ failures: 1, refreshAt: null, lastError: expect.stringMatching(/500/) });
    expect(failed.retryAt!.getTime() - Date.now()).toBeLessThanOrEqual(retryDelayMs(1));
    // Not before its retry; then the store is read and only the rest is written.
    await w.publisher().runOnce();
    expect(w.take()).toEqual([]);
    await w.publisher({ now: () => new Date(Date.now() + retryDelayMs(1) + 1_000) }).runOnce();
    expect(w.take()).toEqual([['GET', 0], ['POST', 20]]);
    expect(w.published().size).toBe(70);
    expect(await w.db.priorPrice.publication(w.companyId)).toMatchObject({ failures: 0, retryAt: null, lastError: null });
  }, 60_000);

  it('sends nothing while the store token cannot be read, and waits before trying again', async () => {
    world = await priorPriceWorld();
    const w = world;
    await w.publisher({ secrets: createSecretBox(generateAppSecret()) }).runOnce();
    expect(w.take()).toEqual([]);
    const publication = await w.db.priorPrice.publication(w.companyId);
    expect(publication).toMatchObject({ failures: 1, lastError: UNREADABLE_TOKEN_MESSAGE, done: 0 });
    expect((await w.db.priorPrice.due(new Date(), 100)).includes(w.companyId)).toBe(false);
    expect((await w.db.priorPrice.due(new Date(publication.retryAt!.getTime() + 1), 100)).includes(w.companyId)).toBe(true);
  }, 60_000);

  it('publishes once with two processes at it, and leaves another company\'s store alone', async () => {
    world = await priorPriceWorld({ store: { stores: [{ ...DEMO_STORE, products: 150 }, { ...ACME, products: 40 }] } });
    const w = world;
    const acme = await acmeCompany(w);
    const { items, lows } = w.saleItems(70);
    await w.runOrder(items);
    const [one, two] = [w.publisher(), w.publisher()];
    await Promise.all([one.runOnce(), two.runOnce()]);
    const writes = (hash: string) => w.sent.filter((r) => r.hash === hash && r.path === '/v3/catalog/variants/metafields').map((r) => [r.method, r.items]);
    expect(writes(DEMO_STORE.hash)).toEqual([['GET', 0], ['POST', 50], ['POST', 20]]);
    expect(new Set(w.published().keys())).toEqual(new Set(lows.keys()));
    // The other company's store was read (its first run) and nothing written to it: nothing of it is on sale since it was followed.
    expect(writes(ACME.hash)).toEqual([['GET', 0]]);
    expect([w.published(ACME.hash, ACME.clientId).size, await w.db.priorPrice.published(acme)]).toEqual([0, []]);
  }, 60_000);
});
