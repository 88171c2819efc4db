/** A work order not created yet names the price list it changes (issue 35), and reads its stored body defensively. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../../local/catalog-db';
import { render, type Rendered } from '../../../testing/render';
import { OutboxOrderCard, outboxOrderSummary } from './outbox-order-card';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

const entry = (body: unknown): OutboxEntry => ({
  id: '6f1c3a52-8d4e-4b7a-9c21-0e5d3f4a6b7c', kind: 'createWorkOrder', request: { method: 'POST', path: '/api/work-orders', body },
  label: 'Wholesale mugs', status: 'queued', createdAt: Date.UTC(2030, 2, 5), attempts: 0, nextAttemptAt: 0,
});
const body = { title: 'Wholesale mugs', executeImmediately: true, productUpdates: [{ productId: 101, variantId: 5101, newRegularPrice: '9.00' }] };

describe('OutboxOrderCard prices (issue 35)', () => {
  it('names the price list and currency of a price list order, and nothing for the catalog\u2019s', async () => {
    const props = { online: false, onEdit: vi.fn(), onDiscard: vi.fn(), onRetry: vi.fn() };
    rendered = await render(<OutboxOrderCard entry={entry({ ...body, target: { priceListId: 7, currency: 'USD' } })} priceListNames={new Map([[7, 'Wholesale']])} {...props} />);
    expect(rendered.container.textContent).toContain('Prices: Wholesale (USD) · Executes immediately');
    rendered.unmount();
    rendered = await render(<OutboxOrderCard entry={entry(body)} {...props} />);
    expect(rendered.container.textContent).not.toContain('Prices:');
  });

  it('reads a stored target that is not one as the catalog', () => {
    expect(outboxOrderSummary(entry({ ...body, target: { priceListId: 'x' } })).target).toBeNull();
    expect(outboxOrderSummary(entry({ ...body, target: { priceListId: 7, currency: 'usd' } })).target).toEqual({ priceListId: 7, currency: 'USD' });
  });
});
