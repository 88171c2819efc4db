/**
 * The products screen and the server's price gate (issue 31): a member's edit answered 201 (a
 * work order awaiting approval) shows the server's message with the way to the work orders, not
 * the success toast; the price shows as the store has it, and the product's panel says the edit
 * was sent for approval until dismissed. A 422 GUARDRAIL shows the server's message. A member
 * whose company requires approval reads so before saving.
 */
import 'fake-indexeddb/auto';
import { DEFAULT_COMPANY_SETTINGS } from '@catalog/contracts/company-settings';
import { editSentForApprovalMessage } from '@catalog/contracts/price-gate';
import { Notifications } from '@mantine/notifications';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { deviceCatalog } from '../../../local/device-catalog';
import { createOutbox, type Outbox } from '../../../local/outbox';
import { OutboxProvider } from '../../../local/outbox-hooks';
import { apiOutboxTransport } from '../../../local/outbox-transport';
import { FakeCatalogServer, product } from '../../../testing/fake-catalog-server';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { json, stubApi, type ApiRoutes, type StubbedRequest } from '../../../testing/stub-api';
import { EDITS_NEED_APPROVAL_HINT } from '../hooks/use-edits-need-approval';
import { PRODUCT_UPDATED } from '../hooks/use-price-edits';
import { ProductsScreen } from './products-screen';
import { SENT_FOR_APPROVAL_LABEL, SentForApprovalToasts, VIEW_WORK_ORDERS } from './sent-for-approval';

// The screen and the panel show the device's price lists, which this suite does not test: a store
// without any (the app's copy would pull on the screen's mount, before this test signs in).
vi.mock('../../../local/device-price-lists', () => ({
  devicePriceLists: {
    subscribe: () => () => {},
    status: () => ({ uid: null, pulling: false, error: null, revision: 0 }),
    db: async () => null,
  },
}));

const TITLE = 'Price edit: Teapot';
const APPROVAL_ANSWER = {
  workOrder: { id: '6f1c2f43-5b2e-4a0e-9f43-2b7c1e0d9a11', title: TITLE, status: 'awaiting_approval' },
  message: editSentForApprovalMessage(TITLE),
};
const GUARDRAIL_MESSAGE = "This price breaks your company's blocking guardrails: Below cost (1 item).";

const user = (role: 'owner' | 'admin' | 'member', plan = 'premium') => ({
  id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', profileImageUrl: null, role, hasSeenWalkthrough: true,
  company: { name: "Ada's Company", subscriptionPlan: plan, productLimit: 1000 },
});

let rendered: Rendered | undefined;
let respond: ApiRoutes;
let requests: StubbedRequest[];
let outbox: Outbox | undefined;
let uid = 0;
let pathname = '';

function LocationProbe() {
  pathname = useLocation().pathname;
  return null;
}

beforeEach(async () => {
  localStorage.clear();
  clearApiQueries();
  requests = [];
  pathname = '';
  respond = {
    'GET /api/auth/user': () => json(user('member')),
    'GET /api/company/settings': () => json({ ...DEFAULT_COMPANY_SETTINGS, ordersNeedApproval: true }),
  };
  stubApi(() => respond, requests);
  const server = new FakeCatalogServer();
  server.putProduct(product(7, { name: 'Teapot', regularPrice: '20.00', costPrice: '12.00' }));
  deviceCatalog.open(`approval-${++uid}`, { fetchChanges: async (c) => server.changes(c) });
  await deviceCatalog.pullNow();
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  outbox?.stop();
  outbox = undefined;
  deviceCatalog.close();
  vi.unstubAllGlobals();
});

/** The products screen as the signed-in shell holds it: notifications outside the router, the shell's toasts inside. */
async function renderScreen() {
  const identity = fakeIdentity();
  outbox = createOutbox({ db: deviceCatalog.db, transport: apiOutboxTransport });
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <OutboxProvider outbox={outbox}>
        <MemoryRouter initialEntries={['/products']}>
          <ProductsScreen renderCategoryPicker={() => null} showStock />
          <SentForApprovalToasts />
          <LocationProbe />
        </MemoryRouter>
      </OutboxProvider>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  await waitFor(() => rendered!.container.querySelector('article') !== null);
}

const buttons = (root: ParentNode, name: string) => [...root.querySelectorAll('button')].filter((b) => b.textContent === name);
const bodyText = () => document.body.textContent ?? '';
const puts = () => requests.filter((r) => r.method === 'PUT');
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

async function openTeapot() {
  await act(async () => buttons(rendered!.container, 'Teapot')[0]!.click());
  await waitFor(() => buttons(document.body, 'Update Price').length === 1);
}

function input(label: string): HTMLInputElement {
  const el = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(label));
  if (!el) throw new Error(`no field labelled ${label}`);
  return document.getElementById(el.htmlFor) as HTMLInputElement;
}

async function type(el: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setValue.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function saveRegularPrice(value: string) {
  await openTeapot();
  await type(input('Regular price'), value);
  await act(async () => buttons(document.body, 'Update Price')[0]!.click());
}

describe('a price edit sent for approval (201)', () => {
  it("shows the server's message with the way to the work orders; the price stays the store's, and the panel says so until dismissed", async () => {
    respond['PUT /api/products/7'] = () => json(APPROVAL_ANSWER, 201);
    await renderScreen();
    await saveRegularPrice('25.00');

    await waitFor(() => bodyText().includes(APPROVAL_ANSWER.message));
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.body).toEqual({ regularPrice: '25.00' });
    expect(bodyText()).not.toContain(PRODUCT_UPDATED);
    // One toast, though the shell's listener and the form both heard the answer.
    expect(bodyText().split(APPROVAL_ANSWER.message)).toHaveLength(2);

    // The card shows the store's price again, not pending.
    await waitFor(() => (rendered!.container.querySelector('article')?.textContent ?? '').includes('$20.00'));
    expect(rendered!.container.querySelector('article')?.textContent).not.toContain('$25.00');
    expect(rendered!.container.querySelector('article')?.textContent).not.toContain('Pending');

    // The panel (reopened: a saved product edit closes it) says it was sent for approval.
    await waitFor(() => !bodyText().includes('Update Price'));
    await openTeapot();
    await waitFor(() => (dialog()?.textContent ?? '').includes(SENT_FOR_APPROVAL_LABEL));
    const notes = dialog()!.querySelector('ul[aria-label="Price changes sent for approval"]')!;
    expect(notes.textContent).toContain(APPROVAL_ANSWER.message);
    expect([...notes.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([[VIEW_WORK_ORDERS, '/work-orders']]);
    expect(input('Regular price').value).toBe('$20.00');

    // Nothing more is sent, however often the outbox is flushed.
    await act(async () => outbox!.flush({ force: true }));
    expect(puts()).toHaveLength(1);

    // The toast's button opens the work orders.
    const toastButton = [...document.querySelectorAll('.mantine-Notification-root button')].find((b) => b.textContent === VIEW_WORK_ORDERS) as HTMLButtonElement;
    expect(toastButton).toBeDefined();
    await act(async () => toastButton.click());
    expect(pathname).toBe('/work-orders');
  });

  it('is dismissed from the panel; the order itself stays on the server', async () => {
    respond['PUT /api/products/7'] = () => json(APPROVAL_ANSWER, 201);
    await renderScreen();
    await saveRegularPrice('25.00');
    await waitFor(() => bodyText().includes(APPROVAL_ANSWER.message));
    await waitFor(() => !bodyText().includes('Update Price'));
    await openTeapot();
    await waitFor(() => (dialog()?.textContent ?? '').includes(SENT_FOR_APPROVAL_LABEL));
    const dismiss = dialog()!.querySelector<HTMLButtonElement>('button[aria-label="Dismiss: Teapot sent for approval"]')!;
    await act(async () => dismiss.click());
    await waitFor(() => dialog()!.querySelector('ul[aria-label="Price changes sent for approval"]') === null);
    expect(await deviceCatalog.db()!.outbox.count()).toBe(0);
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(1);
  });
});

describe('a price edit that breaks a blocking guardrail (422)', () => {
  it("shows the server's message, and the device keeps the store's price", async () => {
    respond['PUT /api/products/7'] = () =>
      json({ error: { code: 'GUARDRAIL', message: GUARDRAIL_MESSAGE, fields: { regularPrice: 'Below cost' } } }, 422);
    await renderScreen();
    await saveRegularPrice('5.00');
    await waitFor(() => bodyText().includes(GUARDRAIL_MESSAGE));
    expect(bodyText()).not.toContain(PRODUCT_UPDATED);
    expect(puts()).toHaveLength(1);
    expect(await deviceCatalog.db()!.outbox.count()).toBe(0);
    // The device keeps the store's price (the form may keep what was typed, to be fixed).
    expect((await deviceCatalog.db()!.products.get(7))?.regularPrice).toBe('20.00');
    await waitFor(() => (rendered!.container.querySelector('article')?.textContent ?? '').includes('$20.00'));
  });
});

describe('before saving', () => {
  it('tells a member whose company requires approval that the change will wait for it', async () => {
    await renderScreen();
    await openTeapot();
    await waitFor(() => (dialog()?.textContent ?? '').includes(EDITS_NEED_APPROVAL_HINT));
  });

  it('says nothing to an owner, nor to a member of a company that does not require approval', async () => {
    respond['GET /api/auth/user'] = () => json(user('owner'));
    await renderScreen();
    await openTeapot();
    await waitFor(() => requests.some((r) => r.url === '/api/auth/user'));
    expect(dialog()?.textContent).not.toContain(EDITS_NEED_APPROVAL_HINT);
    rendered?.unmount();
    rendered = undefined;
    outbox?.stop();

    clearApiQueries();
    respond['GET /api/auth/user'] = () => json(user('member'));
    respond['GET /api/company/settings'] = () => json(DEFAULT_COMPANY_SETTINGS);
    await renderScreen();
    await openTeapot();
    await waitFor(() => requests.some((r) => r.url === '/api/company/settings'));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(dialog()?.textContent).not.toContain(EDITS_NEED_APPROVAL_HINT);
  });
});
