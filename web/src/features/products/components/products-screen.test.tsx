import 'fake-indexeddb/auto';
import type { PriceListChangesResponse } from '@catalog/contracts/price-list-changes';
import { Notifications } from '@mantine/notifications';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { deviceCatalog } from '../../../local/device-catalog';
import { createOutbox, type Outbox } from '../../../local/outbox';
import { OutboxProvider } from '../../../local/outbox-hooks';
import { apiOutboxTransport } from '../../../local/outbox-transport';
import { FakeCatalogServer, product, variant } from '../../../testing/fake-catalog-server';
import { holdIndexLoad } from '../../../testing/hold-index-load';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { ProductsScreen } from './products-screen';

let rendered: Rendered | undefined;

const EMPTY_PRICE_LISTS: PriceListChangesResponse = {
  catalogId: 'store-1', reset: false, cursor: 0, hasMore: false, latestVersion: 0, catalogCurrency: 'USD', lists: [], records: [], deleted: [],
};
/** What GET /api/price-lists/changes answers (every cursor: a pull is an idempotent upsert). */
let priceListPage: PriceListChangesResponse = EMPTY_PRICE_LISTS;
const requests: Array<{ method: string; url: string }> = [];
let uid = 0;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The screen's outbox, sending price edits through the API (the stubbed fetch). */
let outbox: Outbox | undefined;

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests.length = 0;
  priceListPage = { ...EMPTY_PRICE_LISTS };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ method: init.method ?? 'GET', url });
    if (url.endsWith('/price-history')) return json([]);
    // The device follows the price lists while the screen is shown (issue 35).
    if (url.includes('/api/price-lists/changes')) return json(priceListPage);
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  outbox?.stop();
  outbox = undefined;
  deviceCatalog.close();
  vi.unstubAllGlobals();
});

async function openCatalog(server: FakeCatalogServer) {
  deviceCatalog.open(`screen-${++uid}`, { fetchChanges: async (c) => server.changes(c) });
  await deviceCatalog.pullNow();
}

/** The router's current search string, as the screen last left it. */
let currentSearch = '';
function LocationProbe() {
  currentSearch = useLocation().search;
  return null;
}

async function renderScreen(props: { showStock?: boolean; url?: string } = {}) {
  const identity = fakeIdentity();
  outbox?.stop();
  outbox = createOutbox({ db: deviceCatalog.db, transport: apiOutboxTransport });
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <OutboxProvider outbox={outbox}>
        <MemoryRouter initialEntries={[props.url ?? '/products']}>
          <ProductsScreen renderCategoryPicker={() => null} showStock={props.showStock ?? true} />
          <LocationProbe />
        </MemoryRouter>
      </OutboxProvider>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  return rendered.container;
}

const text = (el: Element | null | undefined) => el?.textContent ?? '';
const buttons = (root: ParentNode, name: string | RegExp) =>
  [...root.querySelectorAll('button')].filter((b) => (typeof name === 'string' ? b.textContent === name : name.test(b.textContent ?? '')));
const found = (container: HTMLElement) => text(container.querySelector('[data-testid="products-found"]'));

describe('ProductsScreen', () => {
  it('shows 6 placeholder cards while the local catalog loads', async () => {
    const container = await renderScreen();
    expect(container.querySelectorAll('[aria-busy="true"] > *').length).toBe(6);
    expect(found(container)).toBe('Loading products...');
  });

  it('shows the first page of a reopened catalog before its index is built; a search typed meanwhile loads until the index answers it', async () => {
    const server = new FakeCatalogServer();
    for (let id = 1; id <= 45; id++) server.putProduct(product(id, { name: id % 10 === 3 ? `Teapot ${id}` : `Cup ${id}` }));
    await openCatalog(server);
    const user = deviceCatalog.status().uid!;
    deviceCatalog.close();

    const release = holdIndexLoad();
    try {
      deviceCatalog.open(user, { fetchChanges: async () => Promise.reject(new Error('offline')) });
      const container = await renderScreen();
      await waitFor(() => found(container) === '45 products found');
      expect(deviceCatalog.status().ready).toBe(false);
      expect(container.querySelectorAll('article').length).toBe(20);
      expect(text(container.querySelector('article'))).toContain('Cup 1');

      const search = container.querySelector<HTMLInputElement>('input[placeholder="Search products..."]')!;
      await act(async () => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setValue.call(search, 'teapot');
        search.dispatchEvent(new Event('input', { bubbles: true }));
      });
      expect(found(container)).toBe('Loading products...');
      await act(async () => release());
      await waitFor(() => found(container) === '5 products found');
      expect([...container.querySelectorAll('article')].map((a) => a.getAttribute('aria-label'))).toEqual(['Teapot 13', 'Teapot 23', 'Teapot 3', 'Teapot 33', 'Teapot 43']);
    } finally {
      release();
    }
  });

  it("says to sync when the catalog is empty, and to adjust the filters when nothing matches", async () => {
    await openCatalog(new FakeCatalogServer());
    const container = await renderScreen();
    await waitFor(() => found(container) === '0 products found');
    expect(container.textContent).toContain('No products found');
    expect(container.textContent).toContain('Sync products from the commerce platform to get started');

    deviceCatalog.close();
    rendered?.unmount();
    const server = new FakeCatalogServer();
    server.putProduct(product(1, { name: 'Mug' }));
    await openCatalog(server);
    const again = await renderScreen();
    await waitFor(() => found(again) === '1 product found');
    const search = again.querySelector<HTMLInputElement>('input[placeholder="Search products..."]')!;
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(search, 'teapot');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitFor(() => found(again) === '0 products found');
    expect(again.textContent).toContain('Try adjusting your filters');
    // One page only: no pager.
    expect(again.querySelector('nav[aria-label="Pages"]')).toBeNull();
  });

  it("shows cards with '(from)' prices and summed stock for variant products, and at most 5 page buttons", async () => {
    const server = new FakeCatalogServer();
    server.putProduct(product(1, { name: 'A plain mug', sku: null, category: null, regularPrice: '12.00', stock: 0 }));
    server.putProduct(product(2, { name: 'A shirt', regularPrice: '30.00' }));
    server.putVariant(variant(20, 2, { regularPrice: '25.00', salePrice: '19.00', stock: 4 }));
    server.putVariant(variant(21, 2, { regularPrice: '28.00', stock: 3 }));
    for (let id = 3; id <= 130; id++) server.putProduct(product(id, { name: `Z item ${id}` }));
    await openCatalog(server);
    const container = await renderScreen();
    await waitFor(() => found(container) === '130 products found');

    const plain = container.querySelector('article[aria-label="A plain mug"]');
    expect(text(plain)).toContain('Uncategorized');
    expect(text(plain)).toContain('SKU: N/A');
    expect(text(plain)).toContain('Out of Stock');
    expect(text(plain)).not.toContain('(from)');

    const shirt = container.querySelector('article[aria-label="A shirt"]');
    expect(text(shirt)).toContain('Regular (from)$25.00');
    expect(text(shirt)).toContain('Sale (from)$19.00');
    expect(text(shirt)).toContain('Low Stock'); // 4 + 3 = 7

    const pager = container.querySelector('nav[aria-label="Pages"]')!;
    expect(buttons(pager, /^\d+$/).map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(container.textContent).toContain('Showing 1 to 20 of 130 products');
    // Another page is drawn from the index's list rows (decision 072): no product is read from IndexedDB.
    const gets = vi.spyOn(IDBObjectStore.prototype, 'get');
    const chunkReads = () => gets.mock.contexts.filter((store) => ['chunks', 'variantChunks'].includes((store as IDBObjectStore).name)).length;
    await act(async () => buttons(pager, '5')[0]!.click());
    await waitFor(() => container.textContent?.includes('Showing 81 to 100 of 130 products') ?? false);
    expect(container.querySelectorAll('article[aria-label^="Z item"]').length).toBe(20);
    expect(chunkReads()).toBe(0);
    expect(buttons(container.querySelector('nav[aria-label="Pages"]')!, /^\d+$/).map((b) => b.textContent)).toEqual(['3', '4', '5', '6', '7']);
  });

  it("shows 'No changes detected to update' and sends nothing when the prices did not change", async () => {
    const server = new FakeCatalogServer();
    server.putProduct(product(7, { name: 'Teapot', regularPrice: '20.00', salePrice: '15.00' }));
    await openCatalog(server);
    const container = await renderScreen();
    await waitFor(() => found(container) === '1 product found');
    await act(async () => buttons(container, 'Teapot')[0]!.click());
    await waitFor(() => buttons(document.body, 'Update Price').length === 1);
    await act(async () => buttons(document.body, 'Update Price')[0]!.click());
    await waitFor(() => document.body.textContent?.includes('No changes detected to update') ?? false);
    expect(document.body.textContent).toContain('No Changes');
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it("disables product prices in variant-pricing mode with 'Price is managed through variants'", async () => {
    const server = new FakeCatalogServer();
    server.putProduct(product(8, { name: 'Hoodie', regularPrice: '40.00' }));
    server.putVariant(variant(80, 8, { regularPrice: '35.00' }));
    server.putVariant(variant(81, 8, { regularPrice: '45.00' }));
    await openCatalog(server);
    const container = await renderScreen();
    await waitFor(() => found(container) === '1 product found');
    await act(async () => buttons(container, 'Hoodie')[0]!.click());
    await waitFor(() => document.body.textContent?.includes('Price is managed through variants') ?? false);
    const regular = [...document.body.querySelectorAll<HTMLInputElement>('input')].find((i) => i.value === '$35.00');
    expect(regular?.disabled).toBe(true);
    expect(buttons(document.body, 'Update Price')).toEqual([]);
    // The variants list starts collapsed.
    expect(buttons(document.body, 'Variants (2)')[0]?.getAttribute('aria-expanded')).toBe('false');
  });

  it('filters by the URL\'s brand and price range, writes a ticked filter back to the URL, and shows the chosen columns', async () => {
    const server = new FakeCatalogServer();
    server.putProduct(product(1, { name: 'Lumen Lamp', brand: 'Lumen', regularPrice: '25.00', retailPrice: '30.00', costPrice: '11.00' }));
    server.putProduct(product(2, { name: 'Lumen Shade', brand: 'Lumen', regularPrice: '8.00' }));
    server.putProduct(product(3, { name: 'Lumen Bulb', brand: 'Lumen', regularPrice: '40.00', salePrice: '35.00' }));
    server.putProduct(product(4, { name: 'Harbor Rope', brand: 'Harbor', regularPrice: '30.00' }));
    await openCatalog(server);
    const container = await renderScreen({ url: '/products?brand=Lumen&priceMin=20&priceMax=50' });
    await waitFor(() => found(container) === '2 products found');
    expect([...container.querySelectorAll('article')].map((a) => a.getAttribute('aria-label'))).toEqual(['Lumen Bulb', 'Lumen Lamp']);
    // The controls show the URL's filters.
    const input = (label: string) => [...container.querySelectorAll<HTMLInputElement>('input')].find((i) => i.labels?.[0]?.textContent?.startsWith(label));
    expect(input('Min price')?.value).toBe('20.00');
    expect(input('Max price')?.value).toBe('50.00');
    expect(input('Brand')?.value).toBe('Lumen');

    await act(async () => input('On sale')!.click());
    await waitFor(() => found(container) === '1 product found');
    expect(new URLSearchParams(currentSearch).toString()).toBe('brand=Lumen&priceMin=20.00&priceMax=50.00&onSale=true');

    // A minimum above the maximum is refused on its field, and the list stays as it was.
    const min = input('Min price')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(min, '60');
      min.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => min.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    await waitFor(() => container.textContent?.includes('The lowest price must not be above the highest price') ?? false);
    expect(new URLSearchParams(currentSearch).get('priceMin')).toBe('20.00');

    // Clear Filters empties the URL's filters too.
    await act(async () => buttons(container, 'Clear Filters')[0]!.click());
    await waitFor(() => found(container) === '4 products found');
    expect(currentSearch).toBe('');

    // Columns: MSRP and Cost on the cards, remembered on the device.
    await act(async () => buttons(container, 'Columns')[0]!.click());
    const checkbox = (label: string) => [...document.body.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((i) => i.labels?.[0]?.textContent === label);
    await waitFor(() => checkbox('MSRP') !== undefined);
    await act(async () => checkbox('MSRP')!.click());
    await act(async () => checkbox('Cost')!.click());
    await waitFor(() => text(container.querySelector('article[aria-label="Lumen Lamp"]')).includes('MSRP$30.00'));
    expect(text(container.querySelector('article[aria-label="Lumen Lamp"]'))).toContain('Cost$11.00');
    expect(text(container.querySelector('article[aria-label="Harbor Rope"]'))).toContain('MSRP—');
    expect(JSON.parse(localStorage.getItem('catalog-pilot:product-columns') ?? '[]')).toEqual(['retailPrice', 'costPrice']);
  });

  it('shows brand, MSRP and cost in the detail panel, and each variant\'s own or the product\'s (inherited)', async () => {
    const server = new FakeCatalogServer();
    server.putProduct(product(9, { name: 'Jacket', brand: 'Harbor', regularPrice: '80.00', retailPrice: '99.00', costPrice: '40.00' }));
    server.putVariant(variant(90, 9, { retailPrice: '109.00', costPrice: null }));
    server.putVariant(variant(91, 9, { retailPrice: null, costPrice: '44.00' }));
    await openCatalog(server);
    const container = await renderScreen();
    await waitFor(() => found(container) === '1 product found');
    await act(async () => buttons(container, 'Jacket')[0]!.click());
    await waitFor(() => document.body.textContent?.includes('Retail price (MSRP)') ?? false);
    const body = document.body.textContent ?? '';
    expect(body).toContain('BrandHarbor');
    expect(body).toContain('Retail price (MSRP)$99.00');
    expect(body).toContain('Cost price$40.00');
    expect(body).toContain('MSRP: $109.00 · Cost: $40.00 (product)');
    expect(body).toContain('MSRP: $99.00 (product) · Cost: $44.00');
  });
  it('shows the cards, the table and the price filters through the price list and currency chosen under "Prices:", kept in the URL', async () => {
    const server = new FakeCatalogServer();
    server.putProduct(product(1, { name: 'Apron', regularPrice: '10.00', baseVariantId: 1001 }));
    server.putProduct(product(2, { name: 'Bowl', regularPrice: '20.00', baseVariantId: 1002 }));
    server.putProduct(product(3, { name: 'Cap', regularPrice: '30.00', baseVariantId: null }));
    server.putVariant(variant(301, 3, { regularPrice: '30.00' }));
    server.putVariant(variant(302, 3, { regularPrice: '32.00' }));
    const record = (productId: number, variantId: number, currency: string, price: string, salePrice: string | null = null) => ({
      priceListId: 7, productId, variantId, currency, price, salePrice, retailPrice: null, mapPrice: null,
    });
    priceListPage = {
      ...EMPTY_PRICE_LISTS,
      cursor: 3,
      latestVersion: 3,
      lists: [{
        id: 7, name: 'Wholesale', active: true, dateModified: null, currencies: ['USD', 'EUR'], recordCounts: [], customerGroups: [], channels: [], recordsReadAt: null,
      }],
      records: [record(1, 1001, 'USD', '8.00'), record(3, 301, 'USD', '25.00', '22.00'), record(1, 1001, 'EUR', '7.00')],
    };
    await openCatalog(server);
    const container = await renderScreen({ url: '/products?priceMax=9.00' });
    await waitFor(() => found(container) === '0 products found');

    const select = () => [...container.querySelectorAll('select')].find((el) => el.labels?.[0]?.textContent === 'Prices:')!;
    // The device pulls the lists while the screen is shown: one option per list and currency.
    await waitFor(() => (select()?.options.length ?? 0) === 3);
    expect([...select().options].map((o) => o.textContent)).toEqual(['Catalog', 'Wholesale (EUR)', 'Wholesale (USD)']);
    expect(select().value).toBe('');
    const choose = async (label: string) => {
      const option = [...select().options].find((o) => o.textContent === label)!;
      await act(async () => {
        select().value = option.value;
        select().dispatchEvent(new Event('change', { bubbles: true }));
      });
    };
    const card = (name: string) => text(container.querySelector(`article[aria-label="${name}"]`));

    // At most 9.00 through the list: Apron's record (8.00); the catalog's 10.00 matched nothing.
    await choose('Wholesale (USD)');
    await waitFor(() => found(container) === '1 product found');
    expect(new URLSearchParams(currentSearch).get('prices')).toBe('7:USD');
    expect(card('Apron')).toContain('Price$8.00');
    expect(card('Apron')).toContain('AppliesPrice list');

    // Without the price filter: a product without a record pays the catalog's price (the list's
    // currency is the catalog's); Cap's variants are its record's and the catalog's.
    await act(async () => buttons(container, 'Clear Filters')[0]!.click());
    await waitFor(() => found(container) === '3 products found');
    expect(new URLSearchParams(currentSearch).toString()).toBe('prices=7%3AUSD');
    expect(card('Bowl')).toContain('Price$20.00');
    expect(card('Bowl')).toContain('AppliesCatalog price');
    expect(card('Cap')).toContain('Price (from)$25.00');
    expect(card('Cap')).toContain('Sale (from)$22.00');
    expect(card('Cap')).toContain('AppliesPrice list and catalog');

    // In euros the catalog's prices are unknown: "—"; the list view shows the same in the table.
    await choose('Wholesale (EUR)');
    await waitFor(() => card('Apron').includes('Price€7.00'));
    expect(card('Bowl')).toContain('Price\u2014');
    await act(async () => [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.value === 'list')!.click());
    await waitFor(() => container.querySelector('table[aria-label="Products"]') !== null);
    const rows = [...container.querySelectorAll('table[aria-label="Products"] tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
    expect(rows.map((r) => r.slice(2, 5))).toEqual([
      ['€7.00', '\u2014', 'Price list'],
      ['\u2014', '\u2014', 'Catalog price'],
      ['\u2014', '\u2014', 'Catalog price'],
    ]);

    // Back to the catalog's prices: the URL forgets the list.
    await choose('Catalog');
    await waitFor(() => !currentSearch.includes('prices'));
    await waitFor(() => container.querySelector('table[aria-label="Products"] thead')?.textContent?.includes('Regular Price') ?? false);
    expect(container.querySelector('table[aria-label="Products"] tbody tr')?.textContent).toContain('$10.00');
  });

  it('opens with the URL\'s price list, and reads it from the device\'s copy without the network', async () => {
    const server = new FakeCatalogServer();
    server.putProduct(product(1, { name: 'Apron', regularPrice: '10.00', baseVariantId: 1001 }));
    server.putProduct(product(2, { name: 'Bowl', regularPrice: '20.00', baseVariantId: 1002 }));
    priceListPage = {
      ...EMPTY_PRICE_LISTS,
      cursor: 1,
      latestVersion: 1,
      lists: [{
        id: 7, name: 'Wholesale', active: true, dateModified: null, currencies: ['USD'], recordCounts: [], customerGroups: [], channels: [], recordsReadAt: null,
      }],
      records: [{ priceListId: 7, productId: 2, variantId: 1002, currency: 'USD', price: '5.00', salePrice: '4.00', retailPrice: null, mapPrice: null }],
    };
    await openCatalog(server);
    // Shown once online, the screen has the device pull the price lists.
    const first = await renderScreen();
    await waitFor(() => [...first.querySelectorAll('select option')].some((o) => o.textContent === 'Wholesale (USD)'));
    rendered?.unmount();
    rendered = undefined;

    // Then every request fails (offline): the screen reads the device's copy.
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    const container = await renderScreen({ url: '/products?prices=7:USD&onSale=true' });
    await waitFor(() => found(container) === '1 product found');
    expect(text(container.querySelector('article'))).toContain('Sale$4.00');
    const select = [...container.querySelectorAll('select')].find((el) => el.labels?.[0]?.textContent === 'Prices:')!;
    expect(select.value).toBe('7:USD');
    expect(select.selectedOptions[0]?.textContent).toBe('Wholesale (USD)');
  });
});
