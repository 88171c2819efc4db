/**
 * GET /api/settings/prior-price-publication (issue 36 item 3), on both databases, against the
 * demo store and a publisher on the app's database: pending until the publisher wrote a change,
 * published with its count of variants and the time the run finished, failing with a message the
 * merchant can act on (a 403 for a missing scope, a store that keeps answering 500), the failures
 * in a row and the next try, and published again once a retry goes through; off when publishing
 * is off and nothing is left, pending while what was published is deleted or no store is
 * connected. Owners and admins only: a member gets 403. Reading it changes nothing.
 */
import { DEMO_STORE } from '@catalog/demo-store';
import { PriorPricePublicationStatus } from '@catalog/contracts/prior-price-publication';
import { whoCan } from '@catalog/contracts/permissions';
import { afterEach, describe, expect, it } from 'vitest';
import { MISSING_SCOPE_MESSAGE } from '../../services/prior-price-metafields/failure-message';
import { retryDelayMs } from '../../services/prior-price-metafields/publish-run';
import { priorPriceWorld, type PriorPriceWorld } from '../../testing/prior-price-world';
import { commerceAt, testUser } from '../../testing/test-app';

const PATH = '/api/settings/prior-price-publication';

let world: PriorPriceWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function status(w: PriorPriceWorld, headers = w.owner.headers) {
  const res = await w.app.request(PATH, { headers });
  const text = await res.text();
  return { status: res.status, text, body: res.status === 200 ? PriorPricePublicationStatus.parse(JSON.parse(text)) : (JSON.parse(text) as { error: { code: string; message: string } }) };
}
async function state(w: PriorPriceWorld) {
  const res = await status(w);
  if (res.status !== 200) throw new Error(`${PATH}: ${res.status} ${res.text}`);
  return res.body as PriorPricePublicationStatus;
}
async function patchSettings(w: PriorPriceWorld, body: object) {
  const res = await w.app.request('/api/company/settings', { method: 'PATCH', headers: w.owner.headers, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

/** A store that answers every metafield request 403, as BigCommerce does for a token without the Products modify scope. */
const withoutScope: typeof fetch = async (input, init) => {
  if (new URL(String(input)).pathname.endsWith('/v3/catalog/variants/metafields')) {
    const body = { status: 403, title: 'You don\u2019t have a required scope to access the endpoint', type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes' };
    return new Response(JSON.stringify(body), { status: 403, headers: { 'content-type': 'application/json' } });
  }
  return fetch(input, init);
};

describe('GET /api/settings/prior-price-publication', () => {
  it('says pending, failing with a missing scope and its retries, then published with its variants and time', async () => {
    world = await priorPriceWorld();
    const w = world;
    // Publishing on, no run yet.
    expect(await state(w)).toEqual({ state: 'pending', variants: 0, publishedAt: null, publishing: true, storeConnected: true });
    const { items } = w.saleItems(12);
    await w.runOrder(items);

    // The token lacks the scope: every run fails, each retry waiting longer.
    const t0 = Date.now();
    const refused = w.publisher({ commerce: commerceAt(w.store.url, { fetch: withoutScope }), now: () => new Date(t0) });
    await refused.runOnce();
    const first = await status(w);
    expect(first.body).toEqual({ state: 'failing', variants: 0, publishedAt: null, publishing: true, lastError: MISSING_SCOPE_MESSAGE, failures: 1, retryAt: new Date(t0 + retryDelayMs(1)).toISOString() });
    expect(MISSING_SCOPE_MESSAGE).toMatch(/Products modify scope/);
    expect(first.text).not.toMatch(/https?:|token":|demo-token|X-Auth/i);
    const t1 = t0 + retryDelayMs(1) + 1_000;
    await w.publisher({ commerce: commerceAt(w.store.url, { fetch: withoutScope }), now: () => new Date(t1) }).runOnce();
    expect(await state(w)).toMatchObject({ state: 'failing', failures: 2, retryAt: new Date(t1 + retryDelayMs(2)).toISOString() });

    // The merchant reconnected with the scope: the retry writes every low.
    const t2 = t1 + retryDelayMs(2) + 1_000;
    await w.publisher({ now: () => new Date(t2) }).runOnce();
    expect(await state(w)).toEqual({ state: 'published', variants: 12, publishedAt: new Date(t2).toISOString() });
    expect(w.published().size).toBe(12);

    // A deeper reduction on 3 of them: pending until the publisher wrote it, the last success's time kept meanwhile.
    await w.runOrder(items.slice(0, 3).map((item) => ({ ...item, newSalePrice: w.fmt(Math.round(Number(item.newSalePrice) * 90)) })), 'Deeper');
    expect(await state(w)).toEqual({ state: 'pending', variants: 12, publishedAt: new Date(t2).toISOString(), publishing: true, storeConnected: true });
    const t3 = t2 + 5_000;
    await w.publisher({ now: () => new Date(t3) }).runOnce();
    expect(await state(w)).toEqual({ state: 'published', variants: 12, publishedAt: new Date(t3).toISOString() });
  }, 90_000);

  it('says failing while the store keeps answering 500, keeps what was published, and published after the retry', async () => {
    world = await priorPriceWorld();
    const w = world;
    const { items } = w.saleItems(8);
    await w.runOrder(items);
    const t0 = Date.now();
    await w.publisher({ now: () => new Date(t0) }).runOnce();
    expect(await state(w)).toMatchObject({ state: 'published', variants: 8 });

    await w.runOrder(w.saleItems(4).items, 'More');
    // Every attempt of the next write fails (the client tries 5 times).
    let posts = 0;
    w.onSend((r) => {
      if (r.method === 'POST' && ++posts === 1) w.store.store.failNextFor(DEMO_STORE.hash, '500', '500', '500', '500', '500');
    });
    const t1 = t0 + 5_000;
    await w.publisher({ now: () => new Date(t1) }).runOnce();
    w.onSend(() => {});
    const failing = await status(w);
    expect(failing.body).toEqual({
      state: 'failing', variants: 8, publishedAt: new Date(t0).toISOString(), publishing: true, failures: 1,
      lastError: expect.stringMatching(/^The store kept answering with a server error \(500\) after several tries/) as string,
      retryAt: new Date(t1 + retryDelayMs(1)).toISOString(),
    });
    expect(failing.text).not.toMatch(/https?:|\/catalog\/|POST/);

    // Not yet at its retry: still failing. At it: published.
    await w.publisher({ now: () => new Date(t1 + 1_000) }).runOnce();
    expect(await state(w)).toMatchObject({ state: 'failing', failures: 1 });
    const t2 = t1 + retryDelayMs(1) + 1_000;
    await w.publisher({ now: () => new Date(t2) }).runOnce();
    expect(await state(w)).toEqual({ state: 'published', variants: 12, publishedAt: new Date(t2).toISOString() });
  }, 90_000);

  it('says pending while what was published is deleted, off after, and pending without a store', async () => {
    world = await priorPriceWorld();
    const w = world;
    await w.runOrder(w.saleItems(5).items);
    await w.publisher().runOnce();
    expect(await state(w)).toMatchObject({ state: 'published', variants: 5 });

    await patchSettings(w, { publishPriorPrice: false });
    expect(await state(w)).toMatchObject({ state: 'pending', variants: 5, publishing: false, storeConnected: true });
    await w.publisher().runOnce();
    expect(await state(w)).toEqual({ state: 'off' });
    // The EU mode off altogether: off too.
    await patchSettings(w, { priorPriceDays: null });
    expect(await state(w)).toEqual({ state: 'off' });

    // On again, but the store disconnected: the change waits for one.
    await patchSettings(w, { priorPriceDays: 30, publishPriorPrice: true });
    expect((await w.app.request('/api/settings', { method: 'DELETE', headers: w.owner.headers })).status).toBe(200);
    expect(await state(w)).toMatchObject({ state: 'pending', publishing: true, storeConnected: false });
  }, 90_000);

  it('answers owners and admins, refuses members, and changes nothing', async () => {
    world = await priorPriceWorld({ store: { products: 20 } });
    const w = world;
    const admin = testUser('Ada Admin');
    const member = testUser('Mia Member');
    await w.db.users.create({ companyId: w.companyId, email: admin.email, firebaseUid: admin.sub, role: 'admin', firstName: 'Ada' });
    await w.db.users.create({ companyId: w.companyId, email: member.email, firebaseUid: member.sub, role: 'member', firstName: 'Mia' });
    expect((await status(w, admin.headers)).status).toBe(200);
    const refused = await status(w, member.headers);
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN', message: whoCan('settings.readPublication') } } });
    // Reading made no publication row: the publisher still sees the company as never published.
    expect(await w.db.priorPrice.overview(w.companyId)).toEqual({ publication: null, variants: 0 });
  }, 60_000);
});
