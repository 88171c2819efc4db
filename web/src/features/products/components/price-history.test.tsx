/**
 * A product's price history against a stubbed API: a work order's retail price (MSRP) change
 * (issue 19), the empty state, and the older changes that "Load more" brings page by page
 * (issue 31), with a failed page offered again.
 */
import type { PriceHistoryEntry } from '@catalog/contracts/products';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { type ApiRoutes, json, type StubbedRequest, stubApi } from '../../../testing/stub-api';
import { PriceHistory } from './price-history';

const entries: PriceHistoryEntry[] = [
  {
    id: 'e1', productId: 101, variantId: null, changeType: 'work_order', createdAt: '2030-03-05T15:07:00.000Z',
    oldRegularPrice: '20.00', newRegularPrice: '20.00', oldSalePrice: null, newSalePrice: null,
    oldRetailPrice: '25.00', newRetailPrice: '29.99', workOrderId: '0b4f2d4e-1c7a-4a53-9a0e-7d3f1c2b5a61', changedBy: 'u1',
  },
  {
    id: 'e2', productId: 101, variantId: null, changeType: 'manual', createdAt: '2030-03-04T15:07:00.000Z',
    oldRegularPrice: '18.00', newRegularPrice: '20.00', oldSalePrice: null, newSalePrice: null, workOrderId: null, changedBy: 'u1',
  },
];
const older = (id: string, day: number): PriceHistoryEntry => ({
  id, productId: 101, variantId: null, changeType: 'sync', createdAt: `2030-02-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  oldRegularPrice: '10.00', newRegularPrice: `1${day}.00`, oldSalePrice: null, newSalePrice: null, workOrderId: null, changedBy: null,
});

let rendered: Rendered | undefined;
let routes: ApiRoutes;
const requests: StubbedRequest[] = [];
beforeEach(() => {
  clearApiQueries();
  requests.length = 0;
  routes = { 'GET /api/products/101/price-history': () => json({ entries, nextCursor: null }) };
  stubApi(() => routes, requests);
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
});

async function show() {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <PriceHistory productId={101} variants={[]} />
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
}
const items = () => [...rendered!.container.querySelectorAll('li')].map((li) => li.textContent ?? '');
const loadMore = () => [...rendered!.container.querySelectorAll('button')].find((b) => /load more price changes/i.test(b.textContent ?? ''));

describe('PriceHistory', () => {
  it('shows the MSRP a work order changed, and nothing about MSRP where it did not change', async () => {
    await show();
    await waitFor(() => items().length === 2);
    const [first, second] = items();
    expect(first).toMatch(/Retail \(MSRP\): \$?25\.00 → \$?29\.99/);
    expect(first).not.toContain('Regular:');
    expect(second).toMatch(/Regular: \$?18\.00 → \$?20\.00/);
    expect(second).not.toContain('Retail');
    // One page holds all of it: no Load more.
    expect(loadMore()).toBeUndefined();
  });

  it('says so when there is no change yet', async () => {
    routes['GET /api/products/101/price-history'] = () => json({ entries: [], nextCursor: null });
    await show();
    await waitFor(() => rendered!.container.textContent?.includes('No price changes yet.') ?? false);
  });

  it('loads the older changes page by page with Load more, keeps the focus on it, then says all are shown', async () => {
    routes['GET /api/products/101/price-history'] = () => json({ entries, nextCursor: 'c1' });
    routes['GET /api/products/101/price-history?cursor=c1'] = () => json({ entries: [older('e3', 9), older('e4', 8)], nextCursor: 'c2' });
    let fail = true;
    routes['GET /api/products/101/price-history?cursor=c2'] = () =>
      fail ? json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, 500) : json({ entries: [older('e5', 7)], nextCursor: null });
    await show();
    await waitFor(() => items().length === 2 && loadMore() !== undefined);

    loadMore()!.focus();
    await act(async () => loadMore()!.click());
    await waitFor(() => items().length === 4);
    expect(items()[2]).toContain('Feb 9');
    expect(document.activeElement).toBe(loadMore());
    expect(rendered!.container.textContent).toContain('4 price changes shown');

    // A page that fails says why, and the button tries it again.
    await act(async () => loadMore()!.click());
    await waitFor(() => rendered!.container.querySelector('[role="alert"]') !== null);
    expect(rendered!.container.querySelector('[role="alert"]')!.textContent).toContain('Something went wrong on our side.');
    expect(items()).toHaveLength(4);
    fail = false;
    await act(async () => loadMore()!.click());
    await waitFor(() => items().length === 5);
    expect(loadMore()).toBeUndefined();
    const done = [...rendered!.container.querySelectorAll('[role="status"]')].find((el) => el.textContent === 'All 5 price changes shown');
    expect(done).toBeDefined();
    expect(document.activeElement).toBe(done);
    expect(requests.map((r) => r.url)).toEqual([
      '/api/products/101/price-history', '/api/products/101/price-history?cursor=c1',
      '/api/products/101/price-history?cursor=c2', '/api/products/101/price-history?cursor=c2',
    ]);
  });
});
