/**
 * "Prices:" of the create form (issue 35), against a local catalog and price lists in fake
 * IndexedDB: the lists and currencies offered, the picker and inputs at the list's prices, a
 * product without options whose base variant is unknown not choosable, the order sent with its
 * target and variant ids, the target kept in the draft, the picker's price filters on the list's
 * prices, and switching with prices drafted asking first.
 */
import 'fake-indexeddb/auto';
import type { PriceListChangesResponse } from '@catalog/contracts/price-list-changes';
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import { Notifications } from '@mantine/notifications';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { deviceCatalog } from '../../../local/device-catalog';
import { createOutbox, type Outbox } from '../../../local/outbox';
import { OutboxProvider } from '../../../local/outbox-hooks';
import { apiOutboxTransport } from '../../../local/outbox-transport';
import { FakeCatalogServer, product } from '../../../testing/fake-catalog-server';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { NO_BASE_VARIANT_MESSAGE } from '../utils/list-prices';
import { CreateWorkOrderScreen } from './create-work-order-screen';

let rendered: Rendered | undefined;
let uid = 0;
let outbox: Outbox;

const list = (id: number, name: string, currencies: string[]): PriceListSummary => ({
  id, name, active: true, dateModified: null, currencies, recordCounts: [], customerGroups: [], channels: [], recordsReadAt: null,
});
const changes: PriceListChangesResponse = {
  catalogId: 'c1', reset: false, cursor: 1, hasMore: false, latestVersion: 1, catalogCurrency: 'USD',
  lists: [list(7, 'Wholesale', ['USD']), list(8, 'Euro', ['EUR'])],
  records: [{ priceListId: 7, variantId: 5101, productId: 101, currency: 'USD', price: '10.00', salePrice: null, retailPrice: null, mapPrice: null }],
  deleted: [],
};

beforeEach(async () => {
  localStorage.clear();
  clearApiQueries();
  vi.stubGlobal('fetch', async (url: string) => {
    if (String(url).startsWith('/api/price-lists/changes')) return Response.json(changes);
    return new Response('{}', { status: 404 });
  });
  const server = new FakeCatalogServer();
  server.putProduct(product(101, { name: 'Blue Mug', regularPrice: '12.00', baseVariantId: 5101 }));
  // Pulled before the catalog named base variants: its price list prices cannot be changed.
  server.putProduct(product(102, { name: 'Old Mug', regularPrice: '9.00' }));
  deviceCatalog.open(`prices-${++uid}`, { fetchChanges: async (c) => server.changes(c) });
  outbox = createOutbox({ db: deviceCatalog.db, transport: apiOutboxTransport });
  await deviceCatalog.pullNow();
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  outbox.stop();
  deviceCatalog.close();
  vi.unstubAllGlobals();
});

async function renderForm(url = '/work-orders/create') {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <OutboxProvider outbox={outbox}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/work-orders/create" element={<CreateWorkOrderScreen />} />
            <Route path="/work-orders" element={<h1>Work Orders</h1>} />
          </Routes>
        </MemoryRouter>
      </OutboxProvider>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  return rendered.container;
}

const labelled = (label: string) => {
  const el = [...document.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label);
  return document.getElementById(el?.htmlFor ?? '') as HTMLInputElement;
};
const input = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
const button = (root: ParentNode, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const checkbox = (name: string) => [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((c) => c.closest('li')?.textContent?.includes(name));
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const options = () => [...document.querySelectorAll<HTMLElement>('[role="option"]')];

async function type(el: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** What `read` gives once `done` says so (IndexedDB is read asynchronously). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  const start = Date.now();
  while (!done(value)) {
    if (Date.now() - start > 10_000) throw new Error('eventually: condition not met in time');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    value = await read();
  }
  return value;
}

async function choosePrices(name: string) {
  await waitFor(() => !labelled('Prices:').disabled);
  await act(async () => labelled('Prices:').click());
  await act(async () => options().find((o) => o.textContent === name)!.click());
}

describe('CreateWorkOrderScreen prices (issue 35)', () => {
  it('offers each list in each currency, shows its prices, and sends a price list order with its target and base variant', async () => {
    const container = await renderForm();
    await waitFor(() => !labelled('Prices:').disabled);
    expect(labelled('Prices:').value).toBe('Catalog');
    await act(async () => labelled('Prices:').click());
    expect(options().map((o) => o.textContent)).toEqual(['Catalog', 'Euro (EUR)', 'Wholesale (USD)']);
    await act(async () => options().find((o) => o.textContent === 'Wholesale (USD)')!.click());

    // The picker: the list's 10.00, not the catalog's 12.00; the old mug cannot be chosen.
    await waitFor(() => checkbox('Blue Mug')?.closest('li')?.textContent?.includes('10.00') ?? false);
    expect(checkbox('Old Mug')!.disabled).toBe(true);
    expect(checkbox('Old Mug')!.closest('li')!.textContent).toContain(NO_BASE_VARIANT_MESSAGE);

    await act(async () => checkbox('Blue Mug')!.click());
    await waitFor(() => input('New regular price of Blue Mug') !== null);
    expect(input('New regular price of Blue Mug')!.placeholder).toBe('10.00');
    await type(input('New regular price of Blue Mug')!, '9.00');
    await type(document.querySelector<HTMLInputElement>('#work-order-title')!, 'Wholesale mugs');

    // The draft keeps the target.
    const [draft] = await eventually(() => deviceCatalog.db()!.drafts.toArray(), (rows) => rows[0]?.title === 'Wholesale mugs');
    expect((draft!.state as { form: { target: unknown } }).form.target).toEqual({ priceListId: 7, currency: 'USD' });

    await act(async () => button(container, 'Create Work Order')!.click());
    await waitFor(() => dialog()?.textContent?.includes('Preview Work Order: Wholesale (USD) prices') ?? false);
    expect(dialog()!.textContent).toContain('10.00');
    await act(async () => button(dialog()!, 'Create Work Order')!.click());
    const [entry] = await eventually(() => deviceCatalog.db()!.outbox.toArray(), (rows) => rows.length === 1);
    expect(entry!.request.body).toMatchObject({
      title: 'Wholesale mugs',
      target: { priceListId: 7, currency: 'USD' },
      productUpdates: [{ productId: 101, variantId: 5101, newRegularPrice: '9.00' }],
    });
  });

  it('filters the picker by the list\u2019s prices once it is chosen', async () => {
    await renderForm('/work-orders/create?priceMax=11');
    // The catalog's prices: Blue Mug costs 12.00, over the maximum.
    await waitFor(() => checkbox('Old Mug') !== undefined);
    expect(checkbox('Blue Mug')).toBeUndefined();
    await choosePrices('Wholesale (USD)');
    // The list's: 10.00 for Blue Mug; Old Mug has no record and pays the catalog's 9.00.
    await waitFor(() => checkbox('Blue Mug') !== undefined);
    expect(checkbox('Old Mug')).toBeDefined();
  });

  it('asks before other prices clear the drafted ones, and keeps them when the merchant says so', async () => {
    await renderForm();
    await waitFor(() => checkbox('Blue Mug') !== undefined);
    await act(async () => checkbox('Blue Mug')!.click());
    await waitFor(() => input('New regular price of Blue Mug') !== null);
    await type(input('New regular price of Blue Mug')!, '15.00');

    await choosePrices('Wholesale (USD)');
    await waitFor(() => dialog()?.textContent?.includes('Change to Wholesale (USD) prices?') ?? false);
    await act(async () => button(dialog()!, 'Keep Catalog')!.click());
    await waitFor(() => dialog() === null);
    expect(labelled('Prices:').value).toBe('Catalog');
    expect(input('New regular price of Blue Mug')!.value).toBe('15.00');

    await choosePrices('Wholesale (USD)');
    await waitFor(() => dialog() !== null);
    await act(async () => button(dialog()!, 'Change and clear prices')!.click());
    await waitFor(() => labelled('Prices:').value === 'Wholesale (USD)');
    expect(input('New regular price of Blue Mug')!.value).toBe('');
    await waitFor(() => input('New regular price of Blue Mug')!.placeholder === '10.00');
  });
});
