/**
 * The client's Webhooks v3 calls against the demo store: registering hooks with custom headers,
 * listing them over several pages, reactivating one and deleting them (one already gone counts
 * as deleted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore } from './test-support';
import type { TestStore } from './test-support';

describe('webhooks', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({ products: 5, seed: 'hooks', quota: 10_000 });
  });
  afterAll(() => store.close());

  it('registers hooks with their headers, lists them and deletes them', async () => {
    const client = store.client();
    const destination = 'https://app.example.com/api/webhooks/bigcommerce/c1';
    const created = await client.createHook({ scope: 'store/product/updated', destination, headers: { 'X-Secret': 's' } });
    expect(created).toMatchObject({ scope: 'store/product/updated', destination, isActive: true });
    const stored = store.demo.store.account('demo')!.hooks.get(created.id);
    expect(stored?.headers).toEqual({ 'X-Secret': 's' });
    await client.createHook({ scope: 'store/category/*', destination, headers: {} });
    expect((await client.listHooks()).map((h) => h.scope)).toEqual(['store/product/updated', 'store/category/*']);
    await client.deleteHook(created.id);
    await client.deleteHook(created.id); // already gone
    expect((await client.listHooks()).map((h) => h.scope)).toEqual(['store/category/*']);
  });

  it('deactivates and reactivates a hook', async () => {
    const client = store.client();
    const hook = await client.createHook({ scope: 'store/sku/updated', destination: 'https://app.example.com/api/webhooks/bigcommerce/c2', headers: {} });
    expect(await client.setHookActive(hook.id, false)).toMatchObject({ id: hook.id, isActive: false });
    expect((await client.listHooks()).find((h) => h.id === hook.id)?.isActive).toBe(false);
    expect(await client.setHookActive(hook.id, true)).toMatchObject({ id: hook.id, isActive: true });
    expect(store.demo.store.account('demo')!.hooks.get(hook.id)?.is_active).toBe(true);
    await client.deleteHook(hook.id);
  });

  it('reads every page of hooks', async () => {
    const client = store.client();
    for (let i = 0; i < 260; i++) await client.createHook({ scope: 'store/product/created', destination: `https://x.example.com/${i}`, headers: {} });
    expect((await client.listHooks()).length).toBeGreaterThanOrEqual(260);
  });
});
