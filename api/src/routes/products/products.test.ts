import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CategoriesResponse } from '@catalog/contracts/products';
import { connectedApp, postSync, readSyncEvents, startDemoStore, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  store = await startDemoStore({ products: 30 });
});
afterAll(async () => store.close());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function synced() {
  const t = await connectedApp(store);
  cleanups.push(t.close);
  await t.setLimit(100);
  await readSyncEvents(await postSync(t.app, t.owner));
  return t;
}
const deleteAll = (t: Awaited<ReturnType<typeof synced>>, headers: Record<string, string>) =>
  t.app.request('/api/products/all', { method: 'DELETE', headers });

describe('DELETE /api/products/all', () => {
  it('tombstones the company\'s whole copy and says how many', async () => {
    const t = await synced();
    const n = await t.db.products.count(t.companyId);
    expect(n).toBeGreaterThan(20);
    const res = await deleteAll(t, t.owner.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: `Deleted ${n} products` });
    expect(await t.db.products.count(t.companyId)).toBe(0);
    const { changes } = await t.db.products.changesSince(t.companyId, 0, 10_000);
    expect(changes.filter((c) => c.kind === 'product').every((c) => c.kind === 'product' && c.product.deletedAt !== null)).toBe(true);
  });

  it('is for owners and admins only', async () => {
    const t = await synced();
    const member = await t.teammate('member');
    const res = await deleteAll(t, member.headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only owners and admins can delete all products' } });
    expect((await deleteAll(t, (await t.teammate('admin')).headers)).status).toBe(200);
  });
});

describe('GET /api/categories', () => {
  it('lists the synced category paths sorted, to every role, and none after deleting all', async () => {
    const t = await synced();
    const member = await t.teammate('member');
    const read = async () => CategoriesResponse.parse(await (await t.app.request('/api/categories', { headers: member.headers })).json());
    const paths = await read();
    expect(paths.length).toBeGreaterThan(3);
    expect(paths).toEqual([...paths].sort());
    expect(paths).toEqual(await t.db.products.categories(t.companyId));
    await deleteAll(t, t.owner.headers);
    expect(await read()).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const t = await synced();
    expect((await t.app.request('/api/categories')).status).toBe(401);
    expect((await t.app.request('/api/sync', { method: 'POST' })).status).toBe(401);
  });
});
