/**
 * /backups in jsdom: a Trial company sees what backups do and the upgrade link (and asks the API
 * nothing); a Premium one sees the list (dates as 'MMM d, yyyy at h:mm a', the trigger, the
 * counts), backs up now, compares a backup with now and restores everything through the
 * work-order preview, which posts the restore with its own id and the reader's time zone; older
 * backups come page by page with Load more (issue 31), and a new backup starts the list over.
 * Issue 35: "Prices:" compares and restores one price list in one currency (records made since
 * listed, not restorable), and says when the store has no price lists.
 */
import { notifications } from '@mantine/notifications';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { formatDateTime } from '../../../lib/format-date-time';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { BackupsPage } from './backups-page';

let rendered: Rendered | undefined;
let respond: Record<string, (init: RequestInit) => Response>;
let requests: Array<{ url: string; method: string; body: unknown }>;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const user = (plan: 'trial' | 'premium') => ({
  id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', profileImageUrl: null, role: 'member',
  hasSeenWalkthrough: true, company: { name: "Ada's Company", subscriptionPlan: plan, productLimit: plan === 'trial' ? 5 : 1000 },
});

const BACKUP_ID = '3f1c8d2e-5b7a-4c9d-8e6f-1a2b3c4d5e6f';
const ORDER_ID = '9a1c8d2e-5b7a-4c9d-8e6f-1a2b3c4d5e6f';
const backups = [
  { id: BACKUP_ID, createdAt: '2030-03-08T09:05:00.000Z', trigger: 'manual', workOrder: null, createdBy: 'Ada Lovelace', productCount: 5, variantCount: 12, changedCount: null, otherStore: false },
  { id: 'aa1c8d2e-5b7a-4c9d-8e6f-1a2b3c4d5e6f', createdAt: '2030-03-09T10:00:00.000Z', trigger: 'work_order', workOrder: { id: ORDER_ID, title: 'Spring +10%' }, createdBy: null, productCount: 5, variantCount: 12, changedCount: 3, otherStore: false },
];
const diff = {
  backup: backups[0], at: '2030-03-08T09:05:00.000Z', unchanged: 15, removed: 0, added: 0,
  items: [
    { productId: 101, variantId: null, name: 'Trail Runner', sku: 'TR', backup: { regularPrice: '50.00', salePrice: '40.00' }, current: { regularPrice: '55.00', salePrice: null },
      changes: [{ changeType: 'work_order', at: '2030-03-09T10:00:01.000Z', workOrderId: ORDER_ID, workOrderTitle: 'Spring +10%', changedBy: 'Ada Lovelace' }] },
    { productId: 101, variantId: 9001, name: 'Trail Runner', sku: 'TR-S', backup: { regularPrice: null, salePrice: null }, current: { regularPrice: '60.00', salePrice: null }, changes: [] },
  ].map((i) => ({ ...i, restorable: true })),
  priceList: null,
};
const list = (id: number, name: string, currencies: string[]) => ({
  id, name, active: true, dateModified: null, currencies, recordCounts: [], customerGroups: [], channels: [], recordsReadAt: null,
});
const recordsDiff = {
  ...diff, priceList: { id: 7, name: 'Wholesale', currency: 'USD' }, unchanged: 40, added: 1,
  items: [
    { productId: 101, variantId: 9001, name: 'Trail Runner', sku: 'TR-S', restorable: true, changes: [],
      backup: { regularPrice: '30.00', salePrice: null, retailPrice: '45.00', mapPrice: '28.00' }, current: { regularPrice: '27.00', salePrice: '25.00', retailPrice: '45.00', mapPrice: '28.00' } },
    { productId: 102, variantId: 9002, name: 'Road Racer', sku: 'RR-M', restorable: true, changes: [],
      backup: null, current: { regularPrice: '19.00', salePrice: null, retailPrice: null, mapPrice: null } },
    { productId: 103, variantId: 9003, name: 'Hill Climber', sku: 'HC-L', restorable: false, changes: [],
      backup: { regularPrice: '22.00', salePrice: null, retailPrice: null, mapPrice: '20.00' }, current: { regularPrice: '22.00', salePrice: null, retailPrice: null, mapPrice: '18.00' } },
  ],
};
const order = {
  id: 'bb1c8d2e-5b7a-4c9d-8e6f-1a2b3c4d5e6f', clientId: null, title: 'Restore prices from Mar 8, 2030 at 9:05 AM', status: 'pending', archived: false,
  productUpdates: [{ productId: 101, productName: 'Trail Runner', variantId: null, variantSku: null, newRegularPrice: '50.00', newSalePrice: '40.00' }],
  executeImmediately: true, scheduledAt: null, createdAt: '2030-03-10T00:00:00.000Z', executedAt: null, undoneAt: null, error: null,
  productCount: 1, regularPriceUpdates: 1, salePriceUpdates: 1,
};

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests = [];
  respond = { 'GET /api/auth/user': () => json(user('premium')), 'GET /api/backups': () => json({ backups, nextCursor: null }) };
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ url: input, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handler = respond[`${method} ${input}`];
    return handler ? handler(init) : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage() {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <MemoryRouter initialEntries={['/backups']}>
        <Routes>
          <Route path="/backups" element={<BackupsPage />} />
          <Route path="/work-orders" element={<h1>Work Orders</h1>} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  return rendered.container;
}

function labelled(label: string): HTMLInputElement {
  const el = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  return document.getElementById(el!.htmlFor) as HTMLInputElement;
}

const buttonNamed = (name: RegExp) => [...document.querySelectorAll('button')].find((b) => name.test(b.textContent?.trim() ?? ''));
async function press(name: RegExp) {
  const b = buttonNamed(name);
  if (!b) throw new Error(`no button ${name}`);
  await act(async () => b.click());
}

describe('the Backups screen', () => {
  it('shows a Trial company what backups do and the upgrade to Premium, without asking for backups', async () => {
    respond['GET /api/auth/user'] = () => json(user('trial'));
    const container = await renderPage();
    await waitFor(() => container.textContent?.includes('Backups are part of the Premium plan; your company is on the Trial plan.') ?? false);
    const upgrade = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Upgrade to Premium');
    expect(upgrade?.getAttribute('href')).toBe('/subscription?upgrade=premium');
    expect(requests.some((r) => r.url.startsWith('/api/backups'))).toBe(false);
  });

  it('lists the backups, backs up now, compares one with now and restores it through the preview', async () => {
    const container = await renderPage();
    await waitFor(() => container.querySelector('table[aria-label="Backups"]') !== null);
    const rows = [...container.querySelectorAll('table[aria-label="Backups"] tbody tr')].map((r) => [...r.querySelectorAll('td')].slice(0, 5).map((c) => c.textContent));
    expect(rows).toEqual([
      [formatDateTime('2030-03-08T09:05:00.000Z'), 'On demand by Ada Lovelace', '5', '12', '—'],
      [formatDateTime('2030-03-09T10:00:00.000Z'), 'Before a work order: Spring +10%', '5', '12', '3'],
    ]);
    expect(container.textContent).toContain('keeps the last 30 daily backups and every on-demand backup for a year');

    respond['POST /api/backups'] = () => json(backups[0], 201);
    await press(/^Back up now$/);
    await waitFor(() => requests.some((r) => r.method === 'POST' && r.url === '/api/backups'));

    respond[`GET /api/backups/${BACKUP_ID}/diff`] = () => json(diff);
    const compare = [...container.querySelectorAll('table[aria-label="Backups"] tbody tr')][0]!.querySelector('button')!;
    await act(async () => compare.click());
    await waitFor(() => container.querySelector('table[aria-label="Prices that differ"]') !== null);
    const differing = container.querySelector('table[aria-label="Prices that differ"]')!.textContent!;
    expect(differing).toContain('Work order "Spring +10%"');
    expect(differing).toContain("Product's price");
    expect(differing).toContain('Not on sale');

    respond[`POST /api/backups/${BACKUP_ID}/restore`] = () => json(order, 201);
    await press(/^Restore all$/);
    await waitFor(() => document.querySelector('[role="dialog"]')?.textContent?.includes('Preview the restore') ?? false);
    await press(/^Create Work Order$/);
    await waitFor(() => requests.some((r) => r.method === 'POST' && r.url.endsWith('/restore')));
    const posted = requests.find((r) => r.url.endsWith('/restore'))!.body as { id: string; timeZone?: string; items?: unknown };
    expect(posted.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted.items).toBeUndefined();
    await waitFor(() => container.querySelector('h1')?.textContent === 'Work Orders');
  });

  it('loads older backups with Load more, and starts over from the newest after Back up now', async () => {
    const older = { ...backups[0], id: 'cc1c8d2e-5b7a-4c9d-8e6f-1a2b3c4d5e6f', createdAt: '2030-03-01T08:00:00.000Z', createdBy: 'Mia Member' };
    respond['GET /api/backups'] = () => json({ backups, nextCursor: 'next-1' });
    respond['GET /api/backups?cursor=next-1'] = () => json({ backups: [older], nextCursor: null });
    const container = await renderPage();
    const rowCount = () => container.querySelectorAll('table[aria-label="Backups"] tbody tr').length;
    await waitFor(() => rowCount() === 2);
    await press(/^Load more backups$/);
    await waitFor(() => rowCount() === 3);
    expect(container.querySelector('table[aria-label="Backups"] tbody tr:last-child')?.textContent).toContain('On demand by Mia Member');
    expect(buttonNamed(/^Load more backups$/)).toBeUndefined();
    expect(container.textContent).toContain('All 3 backups shown');

    // A new backup: the list is read again from its first page, which has it on top.
    const made = { ...backups[0], id: 'dd1c8d2e-5b7a-4c9d-8e6f-1a2b3c4d5e6f', createdAt: '2030-03-10T08:00:00.000Z' };
    respond['POST /api/backups'] = () => json(made, 201);
    respond['GET /api/backups'] = () => json({ backups: [made, ...backups], nextCursor: 'next-2' });
    await press(/^Back up now$/);
    await waitFor(() => rowCount() === 3 && buttonNamed(/^Load more backups$/) !== undefined);
    expect(container.querySelector('table[aria-label="Backups"] tbody tr')?.textContent).toContain(formatDateTime(made.createdAt));
    expect(requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/backups')).map((r) => r.url)).toEqual(['/api/backups', '/api/backups?cursor=next-1', '/api/backups']);
  });

  it('compares and restores one price list in one currency with "Prices:", removing records made since', async () => {
    respond['GET /api/price-lists'] = () => json({ priceLists: [list(8, 'VIP', ['EUR']), list(7, 'Wholesale', ['USD', 'EUR'])] });
    respond[`GET /api/backups/${BACKUP_ID}/diff`] = () => json(diff);
    respond[`GET /api/backups/${BACKUP_ID}/diff?priceList=7&currency=USD`] = () => json(recordsDiff);
    const container = await renderPage();
    await waitFor(() => container.querySelector('table[aria-label="Backups"]') !== null);
    await act(async () => [...container.querySelectorAll('table[aria-label="Backups"] tbody tr')][0]!.querySelector('button')!.click());
    await waitFor(() => container.querySelector('table[aria-label="Prices that differ"]') !== null && !labelled('Prices:').disabled);
    expect(labelled('Prices:').value).toBe('Catalog');

    await act(async () => labelled('Prices:').click());
    expect([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual(['Catalog', 'VIP (EUR)', 'Wholesale (USD)', 'Wholesale (EUR)']);
    await act(async () => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'Wholesale (USD)')!.click());
    await waitFor(() => container.textContent?.includes('3 records differ from now; 40 unchanged. 1 record was made since: a restore removes them.') ?? false);
    const table = container.querySelector('table[aria-label="Prices that differ"]')!;
    expect(table.textContent).toContain('MAP: 28.00');
    expect(table.textContent).toContain('Retail: 45.00');
    expect(table.textContent).toContain('No record');
    expect(table.textContent).toContain('Not restored: Only its MAP price differs: a restore does not set MAP prices');
    const boxes = [...table.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]')];
    expect(boxes.map((b) => b.disabled)).toEqual([false, false, true]);

    respond[`POST /api/backups/${BACKUP_ID}/restore`] = () => json({ ...order, title: 'Restore Wholesale (USD) prices from Mar 8, 2030 at 9:05 AM' }, 201);
    await press(/^Restore all$/);
    await waitFor(() => document.querySelector('[role="dialog"]')?.textContent?.includes('Preview the restore') ?? false);
    // The record's price and sale price go back (the sale price is removed); its retail price is the same.
    // The record made since is removed: its price goes (the catalog's applies again).
    const dialog = document.querySelector('[role="dialog"]')!.textContent!;
    expect(dialog).toContain('Removed');
    expect(dialog).toContain('Road Racer (RR-M)');
    expect(dialog).toContain('19.00');
    await press(/^Create Work Order$/);
    await waitFor(() => requests.some((r) => r.method === 'POST' && r.url.endsWith('/restore')));
    const posted = requests.find((r) => r.url.endsWith('/restore'))!.body as Record<string, unknown>;
    expect(posted).toMatchObject({ priceList: 7, currency: 'USD' });
    expect(posted.items).toBeUndefined();
  });

  it('says when the store has no price lists, and compares the catalog only', async () => {
    respond['GET /api/price-lists'] = () => json({ priceLists: [] });
    respond[`GET /api/backups/${BACKUP_ID}/diff`] = () => json(diff);
    const container = await renderPage();
    await waitFor(() => container.querySelector('table[aria-label="Backups"]') !== null);
    await act(async () => [...container.querySelectorAll('table[aria-label="Backups"] tbody tr')][0]!.querySelector('button')!.click());
    await waitFor(() => container.textContent?.includes('Your store has no price lists: only the catalog can be compared.') ?? false);
    expect(labelled('Prices:').disabled).toBe(true);
    expect(requests.filter((r) => r.url.includes('/diff')).map((r) => r.url)).toEqual([`/api/backups/${BACKUP_ID}/diff`]);
  });
});
