/** A product's price history shows a work order's retail price (MSRP) change (issue 19). */
import type { PriceHistoryEntry } from '@catalog/contracts/products';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor, type Rendered } from '../../../testing/render';

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

vi.mock('../api/get-price-history', () => ({ usePriceHistory: () => ({ data: entries, error: null, isLoading: false }) }));
vi.mock('./price-history-chart', () => ({ PriceHistoryChart: () => null }));

const { PriceHistory } = await import('./price-history');

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

describe('PriceHistory', () => {
  it('shows the MSRP a work order changed, and nothing about MSRP where it did not change', async () => {
    rendered = await render(<PriceHistory productId={101} variants={[]} />);
    await waitFor(() => rendered!.container.querySelectorAll('li').length === 2);
    const [first, second] = [...rendered.container.querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(first).toMatch(/Retail \(MSRP\): \$?25\.00 → \$?29\.99/);
    expect(first).not.toContain('Regular:');
    expect(second).toMatch(/Regular: \$?18\.00 → \$?20\.00/);
    expect(second).not.toContain('Retail');
  });
});
