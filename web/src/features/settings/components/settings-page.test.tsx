import { notifications } from '@mantine/notifications';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { expectWhoCan } from '../../../testing/who-can';
import { API_ACCOUNT_TITLE, SettingsPage } from './settings-page';

let rendered: Rendered | undefined;
let respond: Record<string, (init: RequestInit) => Response>;
let requests: Array<{ url: string; method: string; body: unknown }>;
let toasts: Array<{ title?: unknown; message?: unknown; color?: unknown }>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const user = (role: 'owner' | 'admin' | 'member') => ({
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  profileImageUrl: null,
  role,
  hasSeenWalkthrough: true,
  company: { name: "Ada's Company", subscriptionPlan: 'trial', productLimit: 5 },
});

const SAVED = {
  storeHash: 'demo',
  accessToken: '••••••••',
  clientId: 'demo-client',
  showStockStatus: true,
  showInvisibleProducts: false,
  lastSyncAt: null,
};

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests = [];
  toasts = [];
  respond = {
    'GET /api/auth/user': () => json(user('owner')),
    'GET /api/settings': () => json(null),
  };
  vi.spyOn(notifications, 'show').mockImplementation((toast) => {
    toasts.push(toast);
    return 'toast';
  });
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
  document.getElementById('app-config')?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderSettings(onProductsDeleted = vi.fn()) {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <MemoryRouter>
        <SettingsPage onProductsDeleted={onProductsDeleted} />
      </MemoryRouter>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  const container = rendered.container;
  await waitFor(() => container.querySelector('form[aria-label="API connection"]') !== null);
  return { container, onProductsDeleted };
}

/** The input a visible label names (Mantine labels end with the asterisk). */
function field(container: HTMLElement, label: string): HTMLInputElement {
  const el = [...container.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label);
  if (!el) throw new Error(`no field labelled ${label}`);
  return document.getElementById(el.htmlFor) as HTMLInputElement;
}

/** A Mantine Switch's checkbox, by the start of its label. */
function switchInput(container: HTMLElement, label: string): HTMLInputElement {
  const input = [...container.querySelectorAll<HTMLInputElement>('input[role="switch"]')].find((i) =>
    i.closest('label')?.textContent?.startsWith(label),
  );
  if (!input) throw new Error(`no switch labelled ${label}`);
  return input;
}

async function type(input: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

async function press(root: ParentNode, name: string) {
  const b = button(root, name);
  if (!b) throw new Error(`no button ${name}`);
  await act(async () => b.click());
}

const posts = () => requests.filter((r) => r.method === 'POST');

describe('the settings form', () => {
  it("sits under 'Connect with an API account', for stores with a private app rather than the installed one", async () => {
    const { container } = await renderSettings();
    const section = container.querySelector<HTMLElement>('section[aria-labelledby="api-account-title"]')!;
    const title = document.getElementById('api-account-title')!;
    expect(title.tagName).toBe('H2');
    expect(title.textContent).toBe(API_ACCOUNT_TITLE);
    expect(section.textContent).toContain('private app');
    expect(section.querySelector('form[aria-label="API connection"]')).not.toBeNull();
    // The cards inside keep their names, one level below.
    expect(document.getElementById('api-connection-title')?.tagName).toBe('H3');
    expect(document.getElementById('setup-title')?.textContent).toBe('Setup instructions');
  });

  it("says 'Validation Error' / 'Please fill in all required fields' before any call when a credential is blank", async () => {
    const { container } = await renderSettings();
    await waitFor(() => !button(container, 'Save settings')!.disabled);
    await type(field(container, 'Store hash'), '   ');
    await type(field(container, 'Client ID'), 'demo-client');
    await press(container, 'Save settings');

    expect(toasts).toEqual([expect.objectContaining({ color: 'red', title: 'Validation Error', message: 'Please fill in all required fields' })]);
    expect(posts()).toEqual([]);
    expect(field(container, 'Store hash').getAttribute('aria-invalid')).toBe('true');
    expect(field(container, 'Access token').getAttribute('aria-invalid')).toBe('true');
    expect(field(container, 'Client ID').getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => document.activeElement === field(container, 'Store hash'));
  });

  it('saves trimmed credentials and both switches, then shows the token masked as the API returns it', async () => {
    respond['POST /api/settings'] = () => json(SAVED);
    const { container } = await renderSettings();
    await waitFor(() => !button(container, 'Save settings')!.disabled);
    await type(field(container, 'Store hash'), ' demo ');
    await type(field(container, 'Access token'), 'demo-token');
    await type(field(container, 'Client ID'), 'demo-client ');
    await act(async () => switchInput(container, 'Show stock status').click());
    await press(container, 'Save settings');

    await waitFor(() => toasts.length === 1);
    expect(toasts[0]).toMatchObject({ color: 'green', title: 'Settings saved' });
    expect(posts()[0]!.body).toEqual({
      storeHash: 'demo',
      accessToken: 'demo-token',
      clientId: 'demo-client',
      showStockStatus: true,
      showInvisibleProducts: false,
    });
    await waitFor(() => field(container, 'Access token').value === '••••••••');
    expect(field(container, 'Access token').type).toBe('password');
  });

  it("sends the masked token back unchanged, and typing replaces it rather than adding to it", async () => {
    respond['GET /api/settings'] = () => json(SAVED);
    respond['POST /api/settings'] = () => json(SAVED);
    const { container } = await renderSettings();
    await waitFor(() => field(container, 'Access token').value === '••••••••');
    await waitFor(() => !button(container, 'Save settings')!.disabled);
    await press(container, 'Save settings');
    await waitFor(() => posts().length === 1);
    expect((posts()[0]!.body as { accessToken: string }).accessToken).toBe('••••••••');

    await type(field(container, 'Access token'), '••••••••n');
    expect(field(container, 'Access token').value).toBe('n');
  });

  it("shows the server's refusal under the field it names, and the status of an answer without a message", async () => {
    const message = 'The store rejected these credentials: check the access token';
    respond['POST /api/settings'] = () => json({ error: { code: 'VALIDATION', message, fields: { accessToken: message } } }, 400);
    const { container } = await renderSettings();
    await waitFor(() => !button(container, 'Save settings')!.disabled);
    await type(field(container, 'Store hash'), 'demo');
    await type(field(container, 'Access token'), 'wrong-token');
    await type(field(container, 'Client ID'), 'demo-client');
    await press(container, 'Save settings');

    await waitFor(() => toasts.length === 1);
    expect(toasts[0]).toMatchObject({ color: 'red', title: 'Error', message });
    const token = field(container, 'Access token');
    expect(token.getAttribute('aria-invalid')).toBe('true');
    expect(container.textContent).toContain(message);

    respond['POST /api/settings'] = () => new Response('', { status: 500 });
    await press(container, 'Save settings');
    await waitFor(() => toasts.length === 2);
    expect(toasts[1]!.message).toMatch(/^500: /);
  });

  it('is read-only for members, with a note that only owners and admins change store settings', async () => {
    respond['GET /api/auth/user'] = () => json(user('member'));
    respond['GET /api/settings'] = () => json(SAVED);
    const { container } = await renderSettings();
    await waitFor(() => container.textContent?.includes('Only owners and admins can change store settings.') ?? false);
    expect(field(container, 'Store hash').disabled).toBe(true);
    expect(field(container, 'Access token').disabled).toBe(true);
    await expectWhoCan(button(container, 'Save settings')!, 'Only owners and admins can change store settings');
    await expectWhoCan(button(container, 'Delete all products')!, 'Only owners and admins can delete all products');
    await act(async () => button(container, 'Save settings')!.click());
    await act(async () => button(container, 'Delete all products')!.click());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    await act(async () => container.querySelector('form')!.requestSubmit());
    expect(posts()).toEqual([]);
  });

  it("names the local demo store's credentials and fills them in with one click", async () => {
    const script = document.createElement('script');
    script.id = 'app-config';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ demoStore: { storeHash: 'demo', accessToken: 'demo-token', clientId: 'demo-client' } });
    document.head.appendChild(script);
    const { container } = await renderSettings();
    await waitFor(() => !button(container, 'Use demo store')?.disabled);
    expect(container.textContent).toContain('Local demo store');
    await press(container, 'Use demo store');
    expect(field(container, 'Store hash').value).toBe('demo');
    expect(field(container, 'Access token').value).toBe('demo-token');
    expect(field(container, 'Client ID').value).toBe('demo-client');
    expect(document.activeElement).toBe(button(container, 'Save settings'));
  });

  it('shows the account: name, email, role and company', async () => {
    const { container } = await renderSettings();
    const account = container.querySelector('section[aria-labelledby="account-title"]')!;
    await waitFor(() => account.textContent?.includes("Ada's Company") ?? false);
    expect(account.textContent).toContain('Ada Lovelace');
    expect(account.textContent).toContain('ada@example.com');
    expect(account.textContent).toContain('Owner');
  });
});

describe('Data Management', () => {
  it('deletes all products after the confirmation, and says it is the app copy that goes', async () => {
    respond['DELETE /api/products/all'] = () => json({ message: 'Deleted 5 products' });
    const { container, onProductsDeleted } = await renderSettings();
    await waitFor(() => !button(container, 'Delete all products')!.disabled);
    await press(container, 'Delete all products');
    const dialog = await (async () => {
      await waitFor(() => document.querySelector('[role="dialog"]') !== null);
      return document.querySelector<HTMLElement>('[role="dialog"]')!;
    })();
    expect(dialog.textContent).toContain('Are you sure you want to delete ALL products? This action cannot be undone.');
    expect(dialog.textContent).toContain('not the products in your BigCommerce store');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await press(dialog, 'Delete all products');
    await waitFor(() => toasts.length === 1);
    expect(toasts[0]).toMatchObject({ color: 'green', message: 'Deleted 5 products' });
    expect(onProductsDeleted).toHaveBeenCalledTimes(1);
  });

  it("says 'Failed to delete products' or the server's message when the delete fails", async () => {
    respond['DELETE /api/products/all'] = () =>
      json({ error: { code: 'CONFLICT', message: 'A sync is running: cancel it or let it finish, then delete all products' } }, 409);
    const { container, onProductsDeleted } = await renderSettings();
    await waitFor(() => !button(container, 'Delete all products')!.disabled);
    await press(container, 'Delete all products');
    await waitFor(() => document.querySelector('[role="dialog"]') !== null);
    await press(document.querySelector('[role="dialog"]')!, 'Delete all products');
    await waitFor(() => toasts.length === 1);
    expect(toasts[0]).toMatchObject({ color: 'red', title: 'Error', message: expect.stringContaining('A sync is running') });
    expect(onProductsDeleted).not.toHaveBeenCalled();
  });
});

describe('disconnecting the store', () => {
  it('asks first, then disconnects: the form starts empty and what shows products refreshes', async () => {
    respond['GET /api/settings'] = () => json(SAVED);
    respond['DELETE /api/settings'] = () => json(null);
    const { container, onProductsDeleted } = await renderSettings();
    await waitFor(() => field(container, 'Store hash').value === 'demo');
    await waitFor(() => !button(container, 'Disconnect store')!.disabled);
    await press(container, 'Disconnect store');
    await waitFor(() => document.querySelector('[role="dialog"]') !== null);
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.textContent).toContain('stop following changes made in the store');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await press(dialog, 'Disconnect store');
    await waitFor(() => toasts.length === 1);
    expect(toasts[0]).toMatchObject({ color: 'green', title: 'Store disconnected', message: 'Connect a store to sync your catalog again.' });
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/settings']);
    expect(onProductsDeleted).toHaveBeenCalledTimes(1);
    await waitFor(() => field(container, 'Store hash').value === '');
    expect(button(container, 'Disconnect store')).toBeUndefined();
  });

  it('is not offered before a store is connected', async () => {
    const { container } = await renderSettings();
    await waitFor(() => button(container, 'Save settings') !== undefined);
    expect(button(container, 'Disconnect store')).toBeUndefined();
  });
});

describe('offline', () => {
  it('keeps Save and Delete all products from reaching the server, and says they need a connection', async () => {
    const { container } = await renderSettings();
    await waitFor(() => !button(container, 'Save settings')!.disabled);
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => window.dispatchEvent(new Event('offline')));
    for (const name of ['Save settings', 'Delete all products']) {
      const control = button(container, name)!;
      await waitFor(() => control.getAttribute('aria-disabled') === 'true');
      const note = control.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(note).toContain('You are offline. This needs a connection to the server.');
      await act(async () => control.click());
    }
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    onLine.mockReturnValue(true);
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => !button(container, 'Save settings')!.hasAttribute('aria-disabled'));
  });

  it('says the settings will load when the connection returns, then loads them', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    respond['GET /api/settings'] = () => {
      throw new TypeError('Failed to fetch');
    };
    const identity = fakeIdentity();
    rendered = await render(
      <AuthProvider connect={identity.connect}>
        <MemoryRouter>
          <SettingsPage />
        </MemoryRouter>
      </AuthProvider>,
    );
    await waitFor(() => identity.connections() > 0);
    await act(async () => identity.emit(fakeUser()));
    const container = rendered.container;
    await waitFor(() => container.textContent?.includes('Your store connection settings will load when the connection returns.') ?? false);
    expect(container.textContent).not.toContain('Could not load your settings');

    respond['GET /api/settings'] = () => json(SAVED);
    onLine.mockReturnValue(true);
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => container.querySelector('form[aria-label="API connection"]') !== null);
  });

  it('shows the storage on this device', async () => {
    Object.defineProperty(navigator, 'storage', {
      value: { estimate: async () => ({ usage: 5 * 1024 * 1024, quota: 2 * 1024 ** 3 }), persisted: async () => true },
      configurable: true,
    });
    const { container } = await renderSettings();
    const card = container.querySelector('section[aria-labelledby="storage-title"]')!;
    await waitFor(() => card.textContent?.includes('5 MB of 2 GB') ?? false);
    expect(card.textContent).toContain('Persistent storage');
    expect(card.textContent).toContain('Yes');
    expect(card.textContent).toContain('Products stored locally');
    Object.defineProperty(navigator, 'storage', { value: undefined, configurable: true });
  });
});
