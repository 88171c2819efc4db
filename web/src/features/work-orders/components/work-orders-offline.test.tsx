/**
 * /work-orders with what lives on the device (fake IndexedDB): the Drafts section, orders
 * waiting in the outbox or refused by the server, and the last known list when the server
 * cannot be reached, with the server-only actions waiting.
 */
import 'fake-indexeddb/auto';
import { Notifications } from '@mantine/notifications';
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { OFFLINE_ACTION_MESSAGE } from '../../../lib/use-online';
import { AuthProvider } from '../../../lib/session';
import type { DraftRow, OutboxEntry } from '../../../local/catalog-db';
import { deviceCatalog } from '../../../local/device-catalog';
import { createOutbox, type Outbox } from '../../../local/outbox';
import { OutboxProvider } from '../../../local/outbox-hooks';
import { apiOutboxTransport } from '../../../local/outbox-transport';
import { saveWorkOrders } from '../../../local/work-orders-cache';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { testOrder } from '../utils/test-fixtures';
import { DELETE_DRAFT_QUESTION } from './drafts-section';
import { REJECTED_TITLE, SENDING_BADGE, WAITING_BADGE } from './outbox-order-card';
import { DISCARD_QUESTION } from './outbox-orders';
import { WorkOrdersScreen } from './work-orders-screen';

let rendered: Rendered | undefined;
let uid = 0;
let orders: WorkOrderSummary[];
let serverDown: boolean;
let online: boolean;
/** The screen's outbox, sending through the API (the stubbed fetch). */
let outbox: Outbox | undefined;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  localStorage.clear();
  clearApiQueries();
  orders = [];
  serverDown = false;
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', async (url: string) => {
    if (serverDown || !online) throw new TypeError('Failed to fetch');
    if (url.startsWith('/api/work-orders?')) {
      return json({ orders: orders.filter((o) => url.includes('includeArchived=true') || !o.archived), nextCursor: null });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  deviceCatalog.open(`list-${++uid}`, { fetchChanges: async () => ({}) as never });
  await deviceCatalog.ready();
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  outbox?.stop();
  outbox = undefined;
  deviceCatalog.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

async function renderScreen() {
  const identity = fakeIdentity();
  outbox?.stop();
  outbox = createOutbox({ db: deviceCatalog.db, transport: apiOutboxTransport });
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <OutboxProvider outbox={outbox}>
        <MemoryRouter initialEntries={['/work-orders']}>
          <Routes>
            <Route path="/work-orders" element={<WorkOrdersScreen />} />
            <Route path="/work-orders/create" element={<h1>Create Work Order</h1>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </OutboxProvider>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  return rendered.container;
}

const bodyText = () => document.body.textContent ?? '';
const where = () => document.querySelector('[data-testid="where"]')?.textContent ?? '';
const buttons = (root: ParentNode, name: string) => [...root.querySelectorAll<HTMLElement>('button, a')].filter((b) => b.textContent?.trim() === name);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const section = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('section')].find(
    (s) => s.getAttribute('aria-label') === name || document.getElementById(s.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  );
const article = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('article')].find((a) => document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent === name);

function draft(id: string, overrides: Partial<DraftRow> = {}): DraftRow {
  return { id, title: `Draft ${id.slice(0, 4)}`, productCount: 2, createdAt: 1, updatedAt: Date.UTC(2030, 2, 5, 15, 7), state: {}, ...overrides };
}

const ORDER_ID = '3a1f6c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';

function entry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: ORDER_ID,
    kind: 'createWorkOrder',
    label: 'Offline mugs',
    request: {
      method: 'POST',
      path: '/api/work-orders',
      body: { id: ORDER_ID, title: 'Offline mugs', executeImmediately: true, productUpdates: [{ productId: 101, productName: 'Mug', newRegularPrice: '9.00' }] },
    },
    status: 'queued',
    createdAt: Date.UTC(2030, 2, 5, 15, 7),
    attempts: 0,
    nextAttemptAt: 0,
    draft: draft(ORDER_ID, { title: 'Offline mugs', productCount: 1 }),
    ...overrides,
  };
}

describe('WorkOrdersScreen: drafts', () => {
  it('shows no Drafts section without drafts', async () => {
    await renderScreen();
    await waitFor(() => bodyText().includes('No work orders'));
    expect(section('Drafts')).toBeUndefined();
  });

  it('lists drafts last edited first, titled or untitled, with Open and a confirmed Delete', async () => {
    const db = deviceCatalog.db()!;
    await db.drafts.bulkPut([
      draft('11111111-0000-4000-8000-000000000000', { title: 'Older', updatedAt: 1_000 }),
      draft('22222222-0000-4000-8000-000000000000', { title: '', productCount: 1, updatedAt: 2_000 }),
    ]);
    await renderScreen();
    await waitFor(() => section('Drafts') !== undefined);
    const items = [...section('Drafts')!.querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(items[0]).toMatch(/^Untitled draft1 product · Last edited /);
    expect(items[1]).toMatch(/^Older2 products · Last edited /);
    const open = section('Drafts')!.querySelector<HTMLAnchorElement>('a[aria-label="Open draft Older"]');
    expect(open?.getAttribute('href')).toBe('/work-orders/create?draft=11111111-0000-4000-8000-000000000000');

    await act(async () => section('Drafts')!.querySelector<HTMLButtonElement>('button[aria-label="Delete draft Older"]')!.click());
    await waitFor(() => dialog()?.textContent?.includes(DELETE_DRAFT_QUESTION) ?? false);
    expect(await db.drafts.count()).toBe(2);
    await act(async () => buttons(dialog()!, 'Delete')[0]!.click());
    await waitFor(() => bodyText().includes('Draft deleted'));
    expect((await db.drafts.toArray()).map((d) => d.title)).toEqual(['']);
  });
});

describe('WorkOrdersScreen: orders not created yet', () => {
  it('shows a queued order first, waiting for the connection, then sending', async () => {
    orders = [testOrder({ title: 'On the server' })];
    await deviceCatalog.db()!.outbox.put(entry());
    const container = await renderScreen();
    await waitFor(() => article('Offline mugs') !== undefined && article('On the server') !== undefined);
    const cards = [...container.querySelectorAll('article')];
    expect(cards[0]).toBe(article('Offline mugs'));
    expect(article('Offline mugs')!.textContent).toContain(WAITING_BADGE);
    expect(article('Offline mugs')!.textContent).toContain('1 product');
    expect(article('Offline mugs')!.textContent).toContain('Executes immediately');

    await act(async () => deviceCatalog.db()!.outbox.where('id').equals(ORDER_ID).modify({ status: 'sending' }));
    await waitFor(() => article('Offline mugs')?.textContent?.includes(SENDING_BADGE) ?? false);
  });

  it('says why the last attempt failed and when it tries again', async () => {
    await deviceCatalog.db()!.outbox.put(entry({ attempts: 2, error: 'Network error.', nextAttemptAt: Date.now() + 60_000 }));
    await renderScreen();
    await waitFor(() => article('Offline mugs')?.textContent?.includes('The last attempt failed: Network error. Next try') ?? false);
    expect(buttons(article('Offline mugs')!, 'Retry now')).toHaveLength(1);
  });

  it('does not list an order twice once the server has it', async () => {
    // The server gave the order its own id and lists the one it was submitted with as clientId.
    orders = [testOrder({ id: crypto.randomUUID(), clientId: ORDER_ID, title: 'Offline mugs' })];
    await deviceCatalog.db()!.outbox.put(entry({ status: 'sending' }));
    const container = await renderScreen();
    await waitFor(() => article('Offline mugs')?.textContent?.includes('Pending') ?? false);
    expect(container.querySelectorAll('article')).toHaveLength(1);
  });

  it("shows a refused order with the server's message; Edit opens it as a draft in the form", async () => {
    await deviceCatalog.db()!.outbox.put(entry({ status: 'rejected', error: 'Product 101 was not found in your catalog. Sync the store and try again.' }));
    await renderScreen();
    await waitFor(() => article('Offline mugs') !== undefined);
    const card = article('Offline mugs')!;
    expect(card.textContent).toContain(REJECTED_TITLE);
    expect(card.textContent).toContain('Product 101 was not found in your catalog.');
    await act(async () => buttons(card, 'Edit')[0]!.click());
    await waitFor(() => where() === `/work-orders/create?draft=${ORDER_ID}`);
    const db = deviceCatalog.db()!;
    expect(await db.outbox.count()).toBe(0);
    expect(await db.drafts.get(ORDER_ID)).toMatchObject({ id: ORDER_ID, title: 'Offline mugs' });
  });

  it('discards a refused order only after the confirmation', async () => {
    await deviceCatalog.db()!.outbox.put(entry({ status: 'rejected', error: 'Refused' }));
    await renderScreen();
    await waitFor(() => article('Offline mugs') !== undefined);
    await act(async () => buttons(article('Offline mugs')!, 'Discard')[0]!.click());
    await waitFor(() => dialog()?.textContent?.includes(DISCARD_QUESTION) ?? false);
    expect(await deviceCatalog.db()!.outbox.count()).toBe(1);
    await act(async () => buttons(dialog()!, 'Discard')[0]!.click());
    await waitFor(() => article('Offline mugs') === undefined);
    expect(await deviceCatalog.db()!.outbox.count()).toBe(0);
    expect(await deviceCatalog.db()!.drafts.count()).toBe(0);
  });
});

describe('WorkOrdersScreen: offline', () => {
  it('shows the orders as last seen, says when, and keeps the server actions waiting', async () => {
    const seen = new Date(2030, 2, 5, 15, 7).getTime();
    // A first page with more after it: offline, the device shows what it has and offers no more.
    await saveWorkOrders(false, { orders: [testOrder({ title: 'Kept on the device' })], nextCursor: 'more' }, { first: true }, seen);
    online = false;
    const container = await renderScreen();
    await waitFor(() => article('Kept on the device') !== undefined);
    expect(bodyText()).toContain('You are offline. Showing the orders as last seen at Mar 5, 2030 at 3:07 PM.');
    expect(buttons(container, 'Load more')).toEqual([]);
    const remove = buttons(article('Kept on the device')!, 'Delete')[0]!;
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(remove.getAttribute('aria-describedby')!)?.textContent).toBe(OFFLINE_ACTION_MESSAGE);
    await act(async () => remove.click());
    expect(dialog()).toBeNull();
    // Creating an order works offline.
    expect(buttons(container, 'Create Work Order')[0]?.getAttribute('href')).toBe('/work-orders/create');

    // Back online: the list is fetched again and the notice goes.
    orders = [testOrder({ title: 'Fresh from the server' })];
    online = true;
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => article('Fresh from the server') !== undefined);
    expect(bodyText()).not.toContain('You are offline');
    expect(buttons(article('Fresh from the server')!, 'Delete')[0]!.getAttribute('aria-disabled')).toBeNull();
  });

  it('keeps every list it receives for later', async () => {
    orders = [testOrder({ title: 'Seen online' })];
    await renderScreen();
    await waitFor(() => article('Seen online') !== undefined);
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect((await deviceCatalog.db()!.workOrders.toArray()).map((r) => r.id)).toEqual([orders[0]!.id]);
  });

  it('says the server cannot be reached when the network fails while online', async () => {
    await saveWorkOrders(false, { orders: [testOrder({ title: 'Kept' })], nextCursor: null }, { first: true }, Date.now());
    serverDown = true;
    await renderScreen();
    await waitFor(() => article('Kept') !== undefined);
    expect(bodyText()).toMatch(/The server cannot be reached\. Showing the orders as last seen at \d{1,2}:\d{2} (AM|PM)\./);
  });

  it('shows no error page offline before any list was received', async () => {
    online = false;
    await renderScreen();
    await waitFor(() => bodyText().includes('You are offline. Your work orders show here once the device is back online.'));
    expect(bodyText()).not.toContain('Could not load your work orders');
    expect(bodyText()).not.toContain('No work orders');
  });
});
