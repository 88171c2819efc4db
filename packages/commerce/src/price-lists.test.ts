import { DEMO_STORE } from '@catalog/demo-store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStore } from './test-support';
import type { TestStore } from './test-support';

describe('reading what price lists hang on from the demo store', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({ products: 20, seed: 'price-lists' });
  });
  beforeEach(() => store.demo.store.reset());
  afterAll(() => store.close());

  const pricing = () => store.demo.store.account(DEMO_STORE.hash)!.pricing;
  /** A client whose requests ask for pages of `limit`, to make it walk several. */
  const pagedBy = (limit: number, seen: string[] = []) =>
    store.client({
      fetch: (url, init) => {
        const paged = String(url).replace('limit=250', `limit=${limit}`);
        seen.push(paged);
        return fetch(paged, init);
      },
    });

  it('reads every price list, following the pages, with ISO dates', async () => {
    pricing().createList('Trade', false);
    pricing().createList('VIP', true);
    const seen: string[] = [];
    const lists = await pagedBy(3, seen).getPriceLists();
    expect(lists.map((l) => [l.id, l.name, l.active])).toEqual([[1, 'Wholesale', true], [2, 'Euro storefront', true], [3, 'Trade', false], [4, 'VIP', true]]);
    expect(lists[0]).toMatchObject({ dateCreated: '2024-06-01T09:00:00.000Z', dateModified: '2024-07-01T09:00:00.000Z' });
    expect(seen.filter((u) => u.includes('/v3/pricelists?'))).toHaveLength(2);
  });

  it('reads every assignment: a list for a customer group, a list for a channel', async () => {
    pricing().assign(1, { customer_group_id: 1, channel_id: 2 });
    const client = pagedBy(2);
    expect(await client.getPriceListAssignments()).toEqual([
      { id: 1, priceListId: 1, customerGroupId: 2, channelId: null },
      { id: 2, priceListId: 2, customerGroupId: null, channelId: 2 },
      { id: 3, priceListId: 1, customerGroupId: 1, channelId: 2 },
    ]);
    expect(client.counters.reads).toBe(2);
  });

  it('reads the customer groups from Customers v2, paging 250 at a time until a short page', async () => {
    const [retail] = pricing().data.groups;
    for (let id = 3; id <= 300; id++) pricing().data.groups.push({ ...retail!, id, name: `Group ${id}`, is_default: false });
    const seen: string[] = [];
    const client = pagedBy(250, seen);
    const groups = await client.getCustomerGroups();
    expect(groups.slice(0, 2)).toEqual([
      { id: 1, name: 'Retail', isDefault: true },
      { id: 2, name: 'Wholesale', isDefault: false },
    ]);
    expect(groups.map((g) => g.id)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    // 250, then 50: a short page is the last.
    expect(seen.map((u) => new URL(u).pathname + new URL(u).search)).toEqual([
      '/stores/demo/v2/customer_groups?page=1&limit=250',
      '/stores/demo/v2/customer_groups?page=2&limit=250',
    ]);
    expect(client.counters.reads).toBe(2);
  });

  it('reads two customer groups in one request', async () => {
    const client = store.client();
    expect(await client.getCustomerGroups()).toHaveLength(2);
    expect(client.counters.reads).toBe(1);
  });

  it('reads every channel with its default and enabled currencies', async () => {
    const client = store.client();
    expect(await client.getChannels()).toEqual([
      { id: 1, name: 'Demo storefront', defaultCurrency: 'USD', enabledCurrencies: ['USD'] },
      { id: 2, name: 'Euro storefront', defaultCurrency: 'EUR', enabledCurrencies: ['EUR'] },
    ]);
    expect(client.counters.reads).toBe(1);
  });

  it('fills in currencies from the currency assignments when a channel comes without them', async () => {
    pricing().data.currencies[1]!.enabled_currencies = ['EUR', 'USD'];
    // Answers as a store that ignores include=currencies would: channels alone.
    const client = store.client({ fetch: (url, init) => fetch(String(url).replace('include=currencies&', ''), init) });
    const channels = await client.getChannels();
    expect(channels[1]).toEqual({ id: 2, name: 'Euro storefront', defaultCurrency: 'EUR', enabledCurrencies: ['EUR', 'USD'] });
    expect(client.counters.reads).toBe(2);
  });
});
