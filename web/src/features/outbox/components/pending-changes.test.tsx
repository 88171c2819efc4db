/**
 * The list of changes not yet on the server: each entry's state in words, discard after an
 * in-place confirmation (only for what never left the device or was refused), and Edit for a
 * refused work order.
 */
import 'fake-indexeddb/auto';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../../local/catalog-db';
import { getLocalProducts } from '../../../local/catalog-query';
import { deviceCatalog } from '../../../local/device-catalog';
import { createOutbox, type Outbox } from '../../../local/outbox';
import { OutboxProvider } from '../../../local/outbox-hooks';
import { FakeCatalogServer, product } from '../../../testing/fake-catalog-server';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { canDiscard, entryState, NOTHING_PENDING, PendingChanges } from './pending-changes';

let rendered: Rendered | undefined;
let uid = 0;
let online: boolean;
/** The outbox the list is given; nothing it sends gets an answer. */
let outbox: Outbox;

beforeEach(async () => {
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  const server = new FakeCatalogServer();
  server.putProduct(product(1, { name: 'Mug', regularPrice: '10.00' }));
  outbox = createOutbox({
    db: deviceCatalog.db,
    transport: async () => {
      throw new Error('Network error');
    },
  });
  deviceCatalog.open(`pending-${++uid}`, { fetchChanges: async (c) => server.changes(c) });
  online = true;
  await deviceCatalog.pullNow();
  online = false;
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  outbox.stop();
  deviceCatalog.close();
  vi.restoreAllMocks();
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

async function renderList() {
  rendered = await render(
    <OutboxProvider outbox={outbox}>
      <MemoryRouter initialEntries={['/products']}>
        <Routes>
          <Route path="*" element={<PendingChanges />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </OutboxProvider>,
  );
  return rendered.container;
}

const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

const entry = (fields: Partial<OutboxEntry>): OutboxEntry => ({
  id: crypto.randomUUID(),
  kind: 'createWorkOrder',
  request: { method: 'POST', path: '/api/work-orders', body: {} },
  label: 'Summer sale',
  status: 'queued',
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 0,
  ...fields,
});

describe('PendingChanges', () => {
  it('says when everything is on the server', async () => {
    const root = await renderList();
    await waitFor(() => root.textContent?.includes(NOTHING_PENDING) ?? false);
  });

  it('discards a price edit made offline after asking, and the price goes back', async () => {
    await outbox.enqueueProductPrice(1, { regularPrice: '12.00' }, 'Mug');
    expect((await getLocalProducts([1]))[0]).toMatchObject({ regularPrice: '12.00', pending: true });
    const root = await renderList();
    await waitFor(() => root.textContent?.includes('Waiting for connection') ?? false);
    expect(root.textContent).toContain('Price change');
    await act(async () => button(root, 'Discard…')!.click());
    expect(root.textContent).toContain('The price goes back to what it was.');
    await act(async () => button(root, 'Discard')!.click());
    await waitFor(() => root.textContent?.includes(NOTHING_PENDING) ?? false);
    expect((await getLocalProducts([1]))[0]).toMatchObject({ regularPrice: '10.00' });
    expect((await getLocalProducts([1]))[0]!.pending).toBeUndefined();
  });

  it('Keep leaves the change queued', async () => {
    await outbox.enqueueProductPrice(1, { regularPrice: '12.00' }, 'Mug');
    const root = await renderList();
    await waitFor(() => button(root, 'Discard…') !== undefined);
    await act(async () => button(root, 'Discard…')!.click());
    await act(async () => button(root, 'Keep')!.click());
    expect(await deviceCatalog.db()!.outbox.count()).toBe(1);
    expect(button(root, 'Discard…')).toBeDefined();
  });

  it("shows a refused work order with the server's message; Edit opens its draft", async () => {
    const id = crypto.randomUUID();
    const draft = { id, title: 'Summer sale', productCount: 1, createdAt: 1, updatedAt: 1, state: {} };
    await deviceCatalog.db()!.outbox.put(entry({ id, status: 'rejected', error: 'Product 1 was not found', draft }));
    const root = await renderList();
    await waitFor(() => root.textContent?.includes('Product 1 was not found') ?? false);
    expect(root.textContent).toContain('Refused');
    await act(async () => button(root, 'Edit')!.click());
    await waitFor(() => root.querySelector('[data-testid="where"]')?.textContent === `/work-orders/create?draft=${id}`);
    expect(await deviceCatalog.db()!.drafts.get(id)).toMatchObject({ id, title: 'Summer sale' });
  });

  it('offers no discard for a change that may already be on the server', async () => {
    expect(canDiscard(entry({ attempts: 0 }))).toBe(true);
    expect(canDiscard(entry({ attempts: 1 }))).toBe(false);
    expect(canDiscard(entry({ status: 'sending' }))).toBe(false);
    expect(canDiscard(entry({ status: 'rejected', attempts: 3 }))).toBe(true);
    const root = await (async () => {
      await deviceCatalog.db()!.outbox.put(entry({ attempts: 2, error: 'Network error', nextAttemptAt: Date.now() + 60_000 }));
      return renderList();
    })();
    await waitFor(() => root.textContent?.includes('Summer sale') ?? false);
    expect(button(root, 'Discard…')).toBeUndefined();
  });

  it('names each state', () => {
    expect(entryState(entry({}), false).label).toBe('Waiting for connection');
    expect(entryState(entry({ status: 'sending' }), true).label).toBe('Sending…');
    expect(entryState(entry({ attempts: 2, error: 'Server error' }), true)).toMatchObject({ label: 'Retrying', detail: 'Server error' });
    expect(entryState(entry({ status: 'rejected', error: 'No' }), true)).toMatchObject({ label: 'Refused', detail: 'No' });
    const approval = { workOrderId: 'wo-1', title: 'Price edit: Mug', message: 'Waits for approval.' };
    expect(entryState(entry({ status: 'sentForApproval', approval }), false)).toMatchObject({ label: 'Sent for approval', detail: 'Waits for approval.' });
  });

  it("lists a price edit sent for approval with the server's message, the way to the work orders and Dismiss, leaving the price as it is", async () => {
    const message = 'Your price change waits for an owner\'s or admin\'s approval: it was sent as the work order "Price edit: Mug".';
    await deviceCatalog.db()!.outbox.put(entry({
      kind: 'productPrice', label: 'Mug', productId: 1, status: 'sentForApproval', attempts: 1,
      request: { method: 'PUT', path: '/api/products/1', body: { regularPrice: '12.00' } },
      before: { regularPrice: '10.00', salePrice: null },
      approval: { workOrderId: 'wo-1', title: 'Price edit: Mug', message },
    }));
    const root = await renderList();
    await waitFor(() => root.textContent?.includes('Sent for approval') ?? false);
    expect(root.textContent).toContain(message);
    expect(button(root, 'Discard…')).toBeUndefined();
    expect(button(root, 'Send now')).toBeUndefined();
    expect(root.querySelector('button[aria-label="Dismiss: Mug sent for approval"]')).not.toBeNull();

    await act(async () => button(root, 'View work orders')!.click());
    await waitFor(() => root.querySelector('[data-testid="where"]')?.textContent === '/work-orders');

    await act(async () => root.querySelector<HTMLButtonElement>('button[aria-label="Dismiss: Mug sent for approval"]')!.click());
    await waitFor(() => root.textContent?.includes(NOTHING_PENDING) ?? false);
    expect((await getLocalProducts([1]))[0]).toMatchObject({ regularPrice: '10.00' });
  });
});
