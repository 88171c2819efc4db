/**
 * The calendar's screen tests' set-up: a device database (fake IndexedDB), a stubbed API (the
 * orders list, overlap pairs, PATCH of an order, recorded), the screen at a month, and how a
 * merchant points at it: bars by title, a drag from one day cell to another (jsdom lays nothing
 * out, so `elementsFromPoint` is given: x / 100 is the cell's index), keys, toasts.
 */
import 'fake-indexeddb/auto';
import { Notifications } from '@mantine/notifications';
import type { OverlapPair, WorkOrderSummary } from '@catalog/contracts/work-orders';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { deviceCatalog } from '../../../local/device-catalog';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { dayKey } from '../utils/calendar-range';
import { CalendarScreen } from './calendar-screen';

export interface Api {
  orders: WorkOrderSummary[];
  pairs: OverlapPair[];
  online: boolean;
  /** The ids each POST /api/work-orders/overlap-pairs asked about. */
  asked: string[][];
  /** The PATCH bodies the server received, by order id. */
  patches: { id: string; body: Record<string, unknown> }[];
  /** What PATCH answers (default: the order with the body applied). */
  patch: (order: WorkOrderSummary, body: Record<string, unknown>) => Response;
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let uid = 0;
let rendered: Rendered | undefined;

export async function setUp(): Promise<Api> {
  localStorage.clear();
  clearApiQueries();
  const api: Api = { orders: [], pairs: [], online: true, asked: [], patches: [], patch: (order, body) => json({ ...order, productUpdates: [], ...body }) };
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => api.online);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (!api.online) throw new TypeError('Failed to fetch');
    const method = init.method ?? 'GET';
    if (url.startsWith('/api/work-orders?')) return json({ orders: api.orders, nextCursor: null });
    if (url === '/api/work-orders/overlap-pairs') {
      api.asked.push((JSON.parse(String(init.body)) as { ids: string[] }).ids);
      return json({ pairs: api.pairs, complete: true });
    }
    const patched = /^\/api\/work-orders\/([\w-]+)$/.exec(url);
    if (patched && method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      api.patches.push({ id: patched[1]!, body });
      return api.patch(api.orders.find((o) => o.id === patched[1])!, body);
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  deviceCatalog.open(`calendar-${++uid}`, { fetchChanges: async () => ({}) as never });
  await deviceCatalog.ready();
  return api;
}

export function tearDown(): void {
  rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  deviceCatalog.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

/** The first day of next month (local midnight): every order of the tests is still to come. */
export function nextMonth(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() + 1, 1);
}

export async function renderCalendar(month: Date, view = 'month'): Promise<void> {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <MemoryRouter initialEntries={[`/calendar?view=${view}&date=${dayKey(month)}`]}>
        <Routes>
          <Route path="/calendar" element={<CalendarScreen />} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
}

export const bodyText = () => document.body.textContent ?? '';

/** The event's button (grid bar or list entry), named "<title>: <status>, ...". */
export function bar(title: string): HTMLButtonElement | undefined {
  return [...document.querySelectorAll<HTMLButtonElement>('button[aria-label]')].find((b) => b.getAttribute('aria-label')!.startsWith(`${title}: `));
}

export const buttonNamed = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);

/** jsdom lays nothing out: the day cell "at" a point is the one whose index is x / 100. */
export function layOutDays(): void {
  document.elementsFromPoint = (x: number) => {
    const cells = [...document.querySelectorAll<HTMLElement>('[data-day]')];
    const cell = cells[Math.floor(x / 100)];
    return cell ? [cell] : [];
  };
}

export const xOfDay = (key: string) => [...document.querySelectorAll<HTMLElement>('[data-day]')].findIndex((c) => c.dataset.day === key) * 100 + 50;

/** Presses on `el` over day `from`, moves to day `to`, and releases. */
export async function dragBetween(el: Element, from: string, to: string): Promise<void> {
  await act(async () => {
    el.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, clientX: xOfDay(from), clientY: 10, button: 0 }));
    window.dispatchEvent(new MouseEvent('pointermove', { clientX: xOfDay(to), clientY: 10 }));
    window.dispatchEvent(new MouseEvent('pointerup', { clientX: xOfDay(to), clientY: 10 }));
  });
}

export async function press(el: Element, key: string, mods: { altKey?: boolean; shiftKey?: boolean } = {}): Promise<void> {
  await act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...mods }));
  });
}

export async function click(el: Element | undefined): Promise<void> {
  if (!el) throw new Error('nothing to click');
  await act(async () => {
    (el as HTMLElement).click();
  });
}

export { waitFor };
