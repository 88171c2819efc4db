/**
 * The work order preview in the EU mode (issue 36): it asks the server for the lows of the order's
 * products, flags a sale whose "was" price is above its 30-day low with both prices, refuses to
 * create it when the rule blocks, says when a low is not known in whole, and, when the lows cannot
 * be read, says so and leaves the check to the server.
 */
import 'fake-indexeddb/auto';
import { Notifications } from '@mantine/notifications';
import { DEFAULT_COMPANY_SETTINGS } from '@catalog/contracts/company-settings';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import type { LocalProduct } from '../../../local/catalog-query';
import { deviceCatalog } from '../../../local/device-catalog';
import { createOutbox, type Outbox } from '../../../local/outbox';
import { OutboxProvider } from '../../../local/outbox-hooks';
import { apiOutboxTransport } from '../../../local/outbox-transport';
import { FakeCatalogServer, product } from '../../../testing/fake-catalog-server';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { json, stubApi, type ApiRoutes, type StubbedRequest } from '../../../testing/stub-api';
import { forgetGuardrailSettings } from '../hooks/use-guardrail-settings';
import { toStoredDraft } from '../utils/draft-state';
import { initialFormState, workOrderFormReducer } from '../utils/work-order-form';
import { CreateWorkOrderScreen } from './create-work-order-screen';

const DRAFT_ID = '7a2c3b52-8d4e-4b7a-9c21-0e5d3f4a6b7c';
let rendered: Rendered | undefined;
let uid = 0;
let outbox: Outbox;
let respond: ApiRoutes;
let requests: StubbedRequest[];

const lowsAnswer = (lowest: string | null, gaps: Array<{ from: string; to: string }> = []) => () => json({
  window: { from: '2030-03-01T00:00:00.000Z', to: '2030-03-31T00:00:00.000Z', days: 30, gaps },
  target: null,
  products: [{ productId: 101, variants: [{ variantId: 1010, lowest: lowest && { price: lowest, from: '2030-03-01T00:00:00.000Z' }, current: '49.00' }] }],
});

beforeEach(async () => {
  localStorage.clear();
  clearApiQueries();
  forgetGuardrailSettings();
  requests = [];
  respond = {
    'GET /api/company/settings': () => json({ ...DEFAULT_COMPANY_SETTINGS, priorPriceDays: 30, blockingGuardrails: ['priorPrice'] }),
    'POST /api/products/lowest-prices': lowsAnswer('39.00'),
  };
  stubApi(() => respond, requests);
  const server = new FakeCatalogServer();
  server.putProduct(product(101, { name: 'Blue Mug', regularPrice: '49.00', baseVariantId: 1010 }));
  deviceCatalog.open(`prior-${++uid}`, { fetchChanges: async (c) => server.changes(c) });
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

/** A draft putting the mug (49.00) on sale at 45.00, opened and previewed. */
async function openPreview() {
  const mug: LocalProduct = { ...product(101, { name: 'Blue Mug', regularPrice: '49.00', baseVariantId: 1010 }), variants: [] };
  let form = initialFormState(DRAFT_ID);
  form = workOrderFormReducer(form, { type: 'title', value: 'Spring sale' });
  form = workOrderFormReducer(form, { type: 'toggle', product: mug });
  form = workOrderFormReducer(form, { type: 'price', target: 'p101', field: 'sale', value: '45.00' });
  await deviceCatalog.db()!.drafts.put({ id: DRAFT_ID, title: 'Spring sale', productCount: 1, createdAt: 1, updatedAt: 2, state: toStoredDraft(form) });
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <OutboxProvider outbox={outbox}>
        <MemoryRouter initialEntries={[`/work-orders/create?draft=${DRAFT_ID}`]}>
          <Routes>
            <Route path="/work-orders/create" element={<CreateWorkOrderScreen />} />
          </Routes>
        </MemoryRouter>
      </OutboxProvider>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  const container = rendered.container;
  await waitFor(() => document.querySelector<HTMLInputElement>('input[aria-label="New sale price of Blue Mug"]')?.value === '45.00');
  await act(async () => button(container, 'Create Work Order')!.click());
  await waitFor(() => dialog()?.textContent?.includes('Preview Work Order') ?? false);
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (root: ParentNode, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const dialogText = () => dialog()?.textContent ?? '';

describe('CreateWorkOrderScreen: the EU prior price in the preview', () => {
  it('flags the sale with its "was" price and its 30-day low, and refuses to create it while the rule blocks', async () => {
    await openPreview();
    await waitFor(() => dialogText().includes('Shown as before: 49.00; lowest in the last 30 days: 39.00'));
    expect(requests.find((r) => r.url === '/api/products/lowest-prices')?.body).toEqual({ productIds: [101] });
    expect(dialogText()).toContain('Blocks: EU prior price');
    expect(dialogText()).toContain('This order breaks a blocking guardrail: EU prior price (1 item)');
    expect(button(dialog()!, 'Create Work Order')!.disabled).toBe(true);
  }, 20_000);

  it('does not flag a low not known in whole, and says why', async () => {
    respond['POST /api/products/lowest-prices'] = lowsAnswer('49.00', [{ from: '2030-03-01T00:00:00.000Z', to: '2030-03-10T00:00:00.000Z' }]);
    await openPreview();
    await waitFor(() => dialogText().includes('Lowest in the last 30 days unknown: not followed for part of the window (lowest where followed: 49.00)'));
    expect(dialogText()).toContain('EU prior price: 1 item on sale could not be checked');
    expect(dialogText()).not.toContain('Blocks: EU prior price');
    expect(button(dialog()!, 'Create Work Order')!.disabled).toBe(false);
  }, 20_000);

  it('says the lows could not be checked when the server cannot answer, and leaves the check to the server', async () => {
    respond['POST /api/products/lowest-prices'] = () => json({ error: { code: 'UPSTREAM', message: 'The lows are not available' } }, 502);
    await openPreview();
    await waitFor(() => dialogText().includes('The lowest prices of the last 30 days (EU prior price) could not be checked'));
    expect(dialogText()).toContain('The server checks them when the work order is created.');
    expect(button(dialog()!, 'Create Work Order')!.disabled).toBe(false);
  }, 20_000);
});
