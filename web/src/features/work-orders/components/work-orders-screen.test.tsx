/** The /work-orders screen against a stubbed API: list, empty state, confirmed actions, polling, pages. */
import { Notifications, notifications } from '@mantine/notifications';
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { deviceCatalog } from '../../../local/device-catalog';
import { createOutbox, type Outbox } from '../../../local/outbox';
import { OutboxProvider } from '../../../local/outbox-hooks';
import { apiOutboxTransport } from '../../../local/outbox-transport';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { testOrder } from '../utils/test-fixtures';
import { WorkOrdersScreen, type WorkOrdersScreenProps } from './work-orders-screen';

let rendered: Rendered | undefined;
let orders: WorkOrderSummary[];
let respond: Record<string, () => Response>;
const requests: Array<{ method: string; url: string }> = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The screen's outbox (no catalog is open here: it lists nothing). */
let outbox: Outbox | undefined;

const ORDER_ID = '0b4f2d4e-1c7a-4a53-9a0e-7d3f1c2b5a61';

/** GET /api/work-orders as the server pages it: `orders` in their order, `limit` after the cursor (here: the position). */
function listPage(url: URL) {
  const all = orders.filter((o) => url.searchParams.get('includeArchived') === 'true' || !o.archived);
  const from = Number(url.searchParams.get('cursor') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const page = all.slice(from, from + limit);
  return { orders: page, nextCursor: from + limit < all.length ? String(from + limit) : null };
}

/** The whole order a write answers (its items: none here), from a listed summary. */
const whole = ({ itemCount: _count, ...order }: WorkOrderSummary) => ({ ...order, productUpdates: [] });

/** `n` orders, newest first (their ids and times in the list's order). */
const many = (n: number) => Array.from({ length: n }, (_, i) => testOrder({
  id: `00000000-0000-4000-8000-${String(n - i).padStart(12, '0')}`, title: `Order ${n - i}`,
  createdAt: new Date(Date.UTC(2030, 0, 1) + (n - i) * 60_000).toISOString(),
}));

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests.length = 0;
  orders = [];
  respond = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url });
    const custom = respond[`${method} ${url}`];
    if (custom) return custom();
    if (method === 'GET' && url.startsWith('/api/work-orders?')) return json(listPage(new URL(url, 'http://app')));
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  outbox?.stop();
  outbox = undefined;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function renderScreen(props: WorkOrdersScreenProps = {}) {
  const identity = fakeIdentity();
  outbox?.stop();
  outbox = createOutbox({ db: deviceCatalog.db, transport: apiOutboxTransport });
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <OutboxProvider outbox={outbox}>
        <MemoryRouter>
          <WorkOrdersScreen {...props} />
        </MemoryRouter>
      </OutboxProvider>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  return rendered.container;
}

const bodyText = () => document.body.textContent ?? '';
const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

describe('WorkOrdersScreen', () => {
  it("shows the header and 'No work orders' when there are none", async () => {
    const container = await renderScreen();
    await waitFor(() => bodyText().includes('No work orders'));
    expect(container.querySelector('h1')?.textContent).toBe('Work Orders');
    expect(bodyText()).toContain('Manage batch product updates and schedules');
    expect(button(container, 'Show Archived')).toBeDefined();
    expect(button(container, 'Refresh')).toBeDefined();
    expect(container.querySelector('a[href="/work-orders/create"]')?.textContent).toContain('Create Work Order');
  });

  it('lists archived orders only when asked', async () => {
    orders = [testOrder({ title: 'Live' }), testOrder({ id: 'f0a7c1d2-3b4e-4f56-8a9b-0c1d2e3f4a5b', title: 'Old', archived: true, status: 'completed' })];
    const container = await renderScreen();
    await waitFor(() => bodyText().includes('Live'));
    expect(bodyText()).not.toContain('Old');
    await act(async () => button(container, 'Show Archived')!.click());
    await waitFor(() => bodyText().includes('Old'));
    expect(button(container, 'Hide Archived')?.getAttribute('aria-pressed')).toBe('true');
  });

  it('deletes an order only after the confirmation, then refreshes the list and the badge', async () => {
    orders = [testOrder()];
    const onOrdersChanged = vi.fn();
    respond[`DELETE /api/work-orders/${ORDER_ID}`] = () => {
      orders = [];
      return json({ message: 'Work order deleted' });
    };
    const container = await renderScreen({ onOrdersChanged });
    await waitFor(() => button(container, 'Delete') !== undefined);
    await act(async () => button(container, 'Delete')!.click());
    await waitFor(() => dialog()?.textContent?.includes('Are you sure you want to delete this work order?') ?? false);
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await act(async () => button(dialog()!, 'Delete')!.click());
    await waitFor(() => bodyText().includes('Work order deleted'));
    await waitFor(() => bodyText().includes('No work orders'));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(onOrdersChanged).toHaveBeenCalled();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    orders = [testOrder({ status: 'completed', executedAt: '2030-03-05T15:08:00.000Z' })];
    const container = await renderScreen();
    await waitFor(() => button(container, 'Undo') !== undefined);
    await act(async () => button(container, 'Undo')!.click());
    await waitFor(() => dialog()?.textContent?.includes('prices still as this order set them go back') ?? false);
    await act(async () => button(dialog()!, 'Cancel')!.click());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("shows the server's reason when an action is refused", async () => {
    orders = [testOrder({ status: 'failed', error: 'The store refused it' })];
    respond[`PATCH /api/work-orders/${ORDER_ID}/archive`] = () =>
      json({ error: { code: 'CONFLICT', message: 'This work order is already archived' } }, 409);
    const container = await renderScreen();
    await waitFor(() => button(container, 'Archive') !== undefined);
    await act(async () => button(container, 'Archive')!.click());
    await waitFor(() => dialog()?.textContent?.includes('Are you sure you want to archive this work order?') ?? false);
    await act(async () => button(dialog()!, 'Archive')!.click());
    await waitFor(() => bodyText().includes('This work order is already archived'));
  });

  it('previews an undo: what is restored and kept and why, and restores the kept ones too when asked', async () => {
    orders = [testOrder({ status: 'completed', executedAt: '2030-03-05T15:08:00.000Z' })];
    const kept = {
      productId: 7, variantId: null, productName: 'Linen Shirt', variantSku: null, outcome: 'kept',
      original: { regularPrice: '10.00', salePrice: null }, applied: { regularPrice: '11.00' }, current: { regularPrice: '9.00', salePrice: null },
      changedBy: { kind: 'work_order', workOrderId: '5d6e7f80-9a1b-4c2d-8e3f-405162738495', workOrderTitle: 'Clearance', by: null, at: null },
    };
    respond[`GET /api/work-orders/${ORDER_ID}/undo-preview`] = () => json({ restored: 40, kept: 1, unchanged: 0, forced: false, items: [kept] });
    let sent: unknown;
    respond[`POST /api/work-orders/${ORDER_ID}/undo`] = () => json({ ...whole(orders[0]!), status: 'executing' }, 202);
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') sent = JSON.parse(String(init.body));
      return realFetch(url, init);
    });
    const container = await renderScreen();
    await waitFor(() => button(container, 'Undo') !== undefined);
    await act(async () => button(container, 'Undo')!.click());
    await waitFor(() => dialog()?.textContent?.includes('40 will be restored, 1 changed since and will be kept') ?? false);
    expect(dialog()!.textContent).toContain('Linen Shirt: changed by the work order “Clearance”');
    const label = [...dialog()!.querySelectorAll('label')].find((l) => l.textContent === 'Restore that one as well')!;
    await act(async () => (document.getElementById(label.htmlFor) as HTMLInputElement).click());
    await act(async () => button(dialog()!, 'Undo')!.click());
    await waitFor(() => sent !== undefined);
    expect(sent).toEqual({ force: true });
  });

  it('says why an action failed when the API cannot be reached', async () => {
    orders = [testOrder({ status: 'completed', executedAt: '2030-03-05T15:08:00.000Z' })];
    respond[`POST /api/work-orders/${ORDER_ID}/undo`] = () => {
      throw new TypeError('offline');
    };
    const container = await renderScreen();
    await waitFor(() => button(container, 'Undo') !== undefined);
    await act(async () => button(container, 'Undo')!.click());
    await waitFor(() => dialog() !== null);
    await act(async () => button(dialog()!, 'Undo')!.click());
    // The API client's message for a request that never reached the server.
    await waitFor(() => bodyText().includes('Network error'));
  });

  it('polls every 5 seconds and reports an order that completed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    orders = [testOrder({ id: '5d6e7f80-9a1b-4c2d-8e3f-405162738495', status: 'pending', executeImmediately: true, scheduledAt: null })];
    const onPricesChanged = vi.fn();
    await renderScreen({ onPricesChanged });
    await waitFor(() => bodyText().includes('Pending'));
    orders = [{ ...orders[0]!, status: 'completed', executedAt: new Date().toISOString() }];
    await act(async () => vi.advanceTimersByTime(5000));
    await waitFor(() => bodyText().includes('Completed'));
    expect(onPricesChanged).toHaveBeenCalledTimes(1);
  });
});

describe('WorkOrdersScreen pages (issue 31)', () => {
  const titles = (container: HTMLElement) => [...container.querySelectorAll('article h2')].map((h) => h.textContent);
  const listRequests = () => requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/work-orders?'));

  it('shows the first page, and the next one with Load more, merged in order', async () => {
    orders = many(30);
    const container = await renderScreen();
    await waitFor(() => titles(container).length === 25);
    expect(listRequests()[0]!.url).toBe('/api/work-orders?includeArchived=false&limit=25');
    expect(titles(container)[0]).toBe('Order 30');
    await act(async () => button(container, 'Load more')!.click());
    await waitFor(() => titles(container).length === 30);
    expect(listRequests().at(-1)!.url).toBe('/api/work-orders?includeArchived=false&cursor=25&limit=25');
    expect(titles(container)).toEqual(orders.map((o) => o.title));
    // The last page: nothing more to load.
    expect(button(container, 'Load more')).toBeUndefined();
  });

  it('keeps the older pages while the first one is polled, merging a changed order by id', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    orders = many(30);
    const container = await renderScreen();
    await waitFor(() => button(container, 'Load more') !== undefined);
    await act(async () => button(container, 'Load more')!.click());
    await waitFor(() => titles(container).length === 30);
    // A new order arrives and one on the first page completes.
    const fresh = testOrder({ id: '00000000-0000-4000-8000-000000000099', title: 'Brand new', createdAt: '2030-02-01T00:00:00.000Z' });
    orders = [fresh, ...orders.map((o) => (o.title === 'Order 29' ? { ...o, status: 'completed' as const, executedAt: '2030-01-02T00:00:00.000Z' } : o))];
    await act(async () => vi.advanceTimersByTime(5000));
    await waitFor(() => titles(container)[0] === 'Brand new');
    // Order 6, pushed off the first page by the new one, still shows once, where it was.
    expect(titles(container)).toEqual(orders.map((o) => o.title));
    expect(titles(container).filter((t) => t === 'Order 6')).toHaveLength(1);
    expect(container.querySelectorAll('article')[2]?.textContent).toContain('Completed');
  });

  it('says why more could not be loaded, and tries again', async () => {
    orders = many(30);
    let fail = true;
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (fail && url.includes('cursor=')) return json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500);
      return realFetch(url, init);
    });
    const container = await renderScreen();
    await waitFor(() => button(container, 'Load more') !== undefined);
    await act(async () => button(container, 'Load more')!.click());
    await waitFor(() => bodyText().includes('Could not load more work orders'));
    expect(titles(container)).toHaveLength(25);
    fail = false;
    await act(async () => button(container, 'Try again')!.click());
    await waitFor(() => titles(container).length === 30);
    expect(bodyText()).not.toContain('Could not load more work orders');
  });
});

describe('WorkOrdersScreen approvals', () => {
  // Toasts of earlier tests stay in Mantine's store (and its limit): start with none.
  beforeEach(() => notifications.clean());
  const me = (role: 'owner' | 'member', id = 'u-me') => () => json({
    id, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', profileImageUrl: null, role, hasSeenWalkthrough: true,
    company: { name: 'Acme', subscriptionPlan: 'premium', productLimit: 1000 },
  });
  const WAITING_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
  const waiting = () => testOrder({ id: WAITING_ID, title: 'Member sale', status: 'awaiting_approval', createdById: 'u-mia', createdByName: 'Mia Member' });

  it('puts orders awaiting approval first for an owner; Reject asks for a reason before it sends', async () => {
    respond['GET /api/auth/user'] = me('owner');
    orders = [testOrder({ title: 'Newer pending' }), waiting()];
    let sent: unknown;
    respond[`POST /api/work-orders/${WAITING_ID}/reject`] = () => {
      orders = [testOrder({ title: 'Newer pending' }), { ...waiting(), status: 'rejected', rejectedBy: 'Ada Lovelace', rejectionReason: 'Too deep' }];
      return json(whole(orders[1]!));
    };
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/reject')) sent = JSON.parse(String(init.body));
      return realFetch(url, init);
    });
    const container = await renderScreen();
    await waitFor(() => button(container, 'Approve') !== undefined);
    const titles = [...container.querySelectorAll('article h2')].map((h) => h.textContent);
    expect(titles).toEqual(['Member sale', 'Newer pending']);

    await act(async () => button(container, 'Reject')!.click());
    await waitFor(() => dialog()?.textContent?.includes('Rejecting is final') ?? false);
    await act(async () => button(dialog()!, 'Reject')!.click());
    expect(dialog()!.textContent).toContain('Please say why the work order is rejected');
    expect(requests.some((r) => r.url.endsWith('/reject'))).toBe(false);

    const reason = dialog()!.querySelector('textarea')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    await act(async () => {
      setValue.call(reason, 'Too deep');
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => button(dialog()!, 'Reject')!.click());
    await waitFor(() => bodyText().includes('Work order rejected'));
    expect(sent).toEqual({ reason: 'Too deep' });
    await waitFor(() => bodyText().includes('Rejected by Ada Lovelace'));
  });

  it('approves after the confirmation', async () => {
    respond['GET /api/auth/user'] = me('owner');
    orders = [waiting()];
    respond[`POST /api/work-orders/${WAITING_ID}/approve`] = () => {
      orders = [{ ...waiting(), status: 'pending', approvedBy: 'Ada Lovelace', approvedAt: '2030-03-02T09:00:00.000Z' }];
      return json(whole(orders[0]!));
    };
    const container = await renderScreen();
    await waitFor(() => button(container, 'Approve') !== undefined);
    await act(async () => button(container, 'Approve')!.click());
    await waitFor(() => dialog()?.textContent?.includes('Are you sure you want to approve this work order?') ?? false);
    await act(async () => button(dialog()!, 'Approve')!.click());
    await waitFor(() => bodyText().includes('Approved by Ada Lovelace'));
    expect(requests.filter((r) => r.url.endsWith('/approve'))).toHaveLength(1);
  });

  it('tells a member once of the decisions on their orders, and offers them no Approve', async () => {
    respond['GET /api/auth/user'] = me('member', 'u-mia');
    orders = [
      { ...waiting(), status: 'rejected', rejectedBy: 'Olive Owner', rejectedAt: '2030-03-02T09:00:00.000Z', rejectionReason: 'Too deep' },
      testOrder({ id: 'a1b2c3d4-0000-4000-8000-000000000002', title: 'Approved one', createdById: 'u-mia', approvedBy: 'Adam Admin', approvedAt: '2030-03-02T08:00:00.000Z' }),
      testOrder({ id: 'a1b2c3d4-0000-4000-8000-000000000003', title: 'Someone else', createdById: 'u-max', approvedBy: 'Adam Admin', approvedAt: '2030-03-02T08:00:00.000Z' }),
    ];
    const container = await renderScreen();
    await waitFor(() => bodyText().includes('“Member sale” was rejected by Olive Owner: Too deep'));
    expect(bodyText()).toContain('“Approved one” was approved by Adam Admin.');
    expect(bodyText()).not.toContain('“Someone else” was approved');
    expect(button(container, 'Approve')).toBeUndefined();
    expect(localStorage.getItem('catalog.approval-news-seen.u-mia')).not.toBeNull();
  });
});
