/** Which actions a work order card offers (spec section 4), and what it shows. */
import type { Role } from '@catalog/contracts/roles';
import { WorkOrderStatus, type WorkOrderSummary } from '@catalog/contracts/work-orders';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { formatDateTime } from '../../../lib/format-date-time';
import { testOrder } from '../utils/test-fixtures';
import { WorkOrderCard } from './work-order-card';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

/** A member who made none of the orders, unless a test says who is looking. */
const someMember = { id: 'u-someone', role: 'member' } as const;

async function renderCard(order: WorkOrderSummary, onAction = vi.fn(), props: { viewer?: { id: string; role: Role } | null } = { viewer: someMember }) {
  rendered?.unmount();
  rendered = await render(<WorkOrderCard order={order} onAction={onAction} {...props} />);
  return rendered.container;
}

const buttons = (container: HTMLElement) => [...container.querySelectorAll('button')].map((b) => b.textContent?.trim());

describe('WorkOrderCard actions', () => {
  const expected: Record<WorkOrderStatus, { active: string[]; archived: string[] }> = {
    // A member who did not make it: nothing but the end (approving is for owners and admins).
    awaiting_approval: { active: ['Set end'], archived: [] },
    rejected: { active: ['Archive'], archived: [] },
    pending: { active: ['Set end', 'Archive', 'Delete'], archived: ['Delete'] },
    executing: { active: [], archived: [] },
    completed: { active: ['Undo', 'Set end', 'Archive'], archived: [] },
    failed: { active: ['Archive'], archived: [] },
    undone: { active: ['Archive'], archived: [] },
  };

  for (const status of WorkOrderStatus.options) {
    it(`offers ${expected[status].active.join(', ') || 'nothing'} on a ${status} order, ${expected[status].archived.join(', ') || 'nothing'} once archived`, async () => {
      expect(buttons(await renderCard(testOrder({ status })))).toEqual(expected[status].active);
      expect(buttons(await renderCard(testOrder({ status, archived: true })))).toEqual(expected[status].archived);
    });
  }

  it('asks the screen to confirm the action it names', async () => {
    const onAction = vi.fn();
    const order = testOrder({ status: 'completed', executedAt: '2030-03-05T15:08:00.000Z' });
    const container = await renderCard(order, onAction);
    const undo = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Undo')!;
    await act(async () => undo.click());
    expect(onAction).toHaveBeenCalledWith('undo', order);
  });
});

describe('WorkOrderCard approvals', () => {
  const waiting = testOrder({ status: 'awaiting_approval', createdById: 'u-mia', createdByName: 'Mia Member' });

  it('offers Approve and Reject to owners and admins, first, with Delete', async () => {
    const onAction = vi.fn();
    const container = await renderCard(waiting, onAction, { viewer: { id: 'u-olive', role: 'owner' } });
    expect(buttons(container)).toEqual(['Approve', 'Reject', 'Set end', 'Delete']);
    const approve = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Approve')!;
    await act(async () => approve.click());
    expect(onAction).toHaveBeenCalledWith('approve', waiting);
    const reject = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Reject')!;
    await act(async () => reject.click());
    expect(onAction).toHaveBeenCalledWith('reject', waiting);
    expect(container.textContent).toContain('Awaiting approval');
    expect(container.textContent).toContain('by Mia Member');
  });

  it('lets the member who made it withdraw it, but never approve it', async () => {
    expect(buttons(await renderCard(waiting, vi.fn(), { viewer: { id: 'u-mia', role: 'member' } }))).toEqual(['Set end', 'Delete']);
    expect(buttons(await renderCard(waiting, vi.fn(), { viewer: { id: 'u-adam', role: 'admin' } }))).toEqual(['Approve', 'Reject', 'Set end', 'Delete']);
  });

  it('says who approved, and that a late approval ran it at once', async () => {
    const text = (await renderCard(testOrder({
      status: 'completed', executedAt: '2030-03-05T16:00:00.000Z', approvedBy: 'Adam Admin', approvedAt: '2030-03-05T15:59:00.000Z',
    }))).textContent ?? '';
    expect(text).toMatch(/Approved by Adam Admin on Mar 5, 2030 at .* · Approved after its scheduled time: ran on approval/);
    const onTime = (await renderCard(testOrder({ approvedBy: 'Adam Admin', approvedAt: '2030-03-04T10:00:00.000Z' }))).textContent ?? '';
    expect(onTime).toContain('Approved by Adam Admin');
    expect(onTime).not.toContain('ran on approval');
  });

  it('shows who rejected it and why', async () => {
    const text = (await renderCard(testOrder({
      status: 'rejected', rejectedBy: 'Olive Owner', rejectedAt: '2030-03-04T10:00:00.000Z', rejectionReason: 'Margins too thin',
    }))).textContent ?? '';
    expect(text).toContain('Rejected');
    expect(text).toMatch(/Rejected by Olive Owner on Mar 4, 2030/);
    expect(text).toContain('Margins too thin');
  });
});

describe('WorkOrderCard content', () => {
  it('shows the title, status, counts, schedule and created time', async () => {
    const text = (await renderCard(testOrder())).textContent ?? '';
    expect(text).toContain('Kitchen +10%');
    expect(text).toContain('Pending');
    expect(text).toContain('3 products · 4 regular price updates · 1 sale price update');
    expect(text).toMatch(/Scheduled for Mar \d, 2030 at \d{1,2}:\d{2} (AM|PM)/);
    expect(text).toMatch(/Created Mar 1, 2030 at/);
  });

  it('shows the archived badge and an immediate schedule', async () => {
    const text = (await renderCard(testOrder({ archived: true, executeImmediately: true, scheduledAt: null }))).textContent ?? '';
    expect(text).toContain('Archived');
    expect(text).toContain('Executes immediately');
  });

  it("shows a failed order's error", async () => {
    const text = (await renderCard(testOrder({ status: 'failed', error: 'Product 101: the store refused the price' }))).textContent ?? '';
    expect(text).toContain('This work order failed');
    expect(text).toContain('Product 101: the store refused the price');
  });

  it('notes when an order completed, was undone, or is being undone', async () => {
    expect((await renderCard(testOrder({ status: 'completed', executedAt: '2030-03-05T15:08:00.000Z' }))).textContent).toMatch(
      /Completed on Mar 5, 2030 at/,
    );
    expect(
      (await renderCard(testOrder({ status: 'undone', executedAt: '2030-03-05T15:08:00.000Z', undoneAt: '2030-03-06T10:00:00.000Z' })))
        .textContent,
    ).toMatch(/Undone on Mar 6, 2030 at .*the original prices are back/);
    expect((await renderCard(testOrder({ status: 'executing', executedAt: '2030-03-05T15:08:00.000Z' }))).textContent).toContain('Undoing');
  });
});

describe('WorkOrderCard kept prices (issue 31)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const ID = '0b4f2d4e-1c7a-4a53-9a0e-7d3f1c2b5a61';
  const undone = testOrder({
    status: 'undone', executedAt: '2030-03-05T15:08:00.000Z', undoneAt: '2030-03-06T10:00:00.000Z',
    revertReport: { restored: 40, kept: 1, unchanged: 0, forced: false },
  });
  const kept = {
    productId: 7, variantId: null, productName: 'Linen Shirt', variantSku: null, outcome: 'kept',
    original: { regularPrice: '10.00', salePrice: null }, applied: { regularPrice: '11.00' }, current: { regularPrice: '9.00', salePrice: null },
    changedBy: { kind: 'manual', workOrderId: null, workOrderTitle: null, by: 'Ada', at: null },
  };

  /** The card of a signed-in user (its request carries their token). */
  async function renderSignedIn(order: WorkOrderSummary) {
    rendered?.unmount();
    const identity = fakeIdentity();
    rendered = await render(
      <AuthProvider connect={identity.connect}>
        <WorkOrderCard order={order} onAction={vi.fn()} />
      </AuthProvider>,
    );
    await waitFor(() => identity.connections() > 0);
    await act(async () => identity.emit(fakeUser()));
    return rendered.container;
  }

  it('says the counts, and reads the kept items from the order itself only when asked', async () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(url);
      return new Response(JSON.stringify({ ...undone, productUpdates: [], itemsNextCursor: null, revertReport: { ...undone.revertReport, items: [kept] } }),
        { headers: { 'Content-Type': 'application/json' } });
    });
    const container = await renderSignedIn(undone);
    expect(container.textContent).toContain('Undone: 40 restored, 1 kept (changed since)');
    expect(container.textContent).not.toContain('Linen Shirt');
    expect(requests).toEqual([]);
    const show = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Show kept prices (1)')!;
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await act(async () => show.click());
    await waitFor(() => container.textContent?.includes('Linen Shirt: edited in the app by Ada') ?? false);
    expect(requests).toEqual([`/api/work-orders/${ID}?itemsLimit=1`]);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(show.getAttribute('aria-controls')!)?.textContent).toContain('Linen Shirt');
  });

  it('says why the kept items could not be read', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Work order not found' } }),
      { status: 404, headers: { 'Content-Type': 'application/json' } }));
    const container = await renderSignedIn(undone);
    await act(async () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Show kept prices (1)')!.click());
    await waitFor(() => container.querySelector('[role="alert"]')?.textContent === 'Work order not found');
  });
});

describe('WorkOrderCard prices (issue 35)', () => {
  it('names the price list and currency a price list order changes, and nothing for the catalog', async () => {
    const target = { priceListId: 7, currency: 'USD' };
    rendered = await render(<WorkOrderCard order={testOrder({ target })} onAction={vi.fn()} priceListName="Wholesale" />);
    expect(rendered.container.textContent).toContain('Prices: Wholesale (USD)');
    rendered.unmount();
    // A list the device does not know (yet) is named by its id.
    rendered = await render(<WorkOrderCard order={testOrder({ target })} onAction={vi.fn()} />);
    expect(rendered.container.textContent).toContain('Prices: Price list 7 (USD)');
    expect(await renderCard(testOrder()).then((c) => c.textContent)).not.toContain('Prices:');
  });
});

describe('WorkOrderCard series (issue 36)', () => {
  const series = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', run: 2, endedReason: null, firstStart: '2030-03-05T10:00:00.000Z', firstEnd: null };
  const until = '2030-12-31T23:59:00.000Z';

  it('names the run and the rule, and says that deleting a run still to start ends the series', async () => {
    const text = await renderCard(testOrder({ series, repeat: { every: 'week', until } })).then((c) => c.textContent);
    expect(text).toContain(`Run 2 · weekly until ${formatDateTime(until)}`);
    expect(text).toContain('Deleting this run ends the series');
    const dates = await renderCard(testOrder({ series, repeat: { dates: [until] }, status: 'completed' })).then((c) => c.textContent);
    expect(dates).toContain('Run 2 · on 1 more date');
    expect(dates).not.toContain('Deleting this run');
  });

  it('says why the series ended, and nothing of a series for an order that does not repeat', async () => {
    const ended = { ...series, endedReason: 'run 3 was deleted before it ran' };
    expect(await renderCard(testOrder({ series: ended, repeat: { every: 'month', until }, status: 'completed' })).then((c) => c.textContent))
      .toContain('Series ended: run 3 was deleted before it ran.');
    expect(await renderCard(testOrder()).then((c) => c.textContent)).not.toMatch(/Run \d|Series/);
  });
});
