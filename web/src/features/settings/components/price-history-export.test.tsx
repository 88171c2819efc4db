/**
 * Settings > Price history for audits (issue 36): an owner downloads the period's changes
 * (GET /api/price-history/export with the picked days as UTC bounds) and is told the file's
 * name; a wrong period is refused under its field before any request; a member sees who can;
 * offline the button waits and says it needs a connection.
 */
import { notifications } from '@mantine/notifications';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whoCan } from '@catalog/contracts/permissions';
import { clearApiQueries } from '../../../lib/api-query';
import { OFFLINE_ACTION_MESSAGE } from '../../../lib/use-online';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { json } from '../../../testing/stub-api';
import { expectWhoCan } from '../../../testing/who-can';
import { auditPeriod } from '../utils/audit-period';
import { EXPORT_HISTORY_LABEL, PriceHistoryExport } from './price-history-export';

let rendered: Rendered | undefined;
let role: 'owner' | 'admin' | 'member';
let exports: string[];
let toasts: Array<{ title?: unknown; message?: unknown; color?: unknown }>;

const user = () => ({
  id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', profileImageUrl: null, role, hasSeenWalkthrough: true,
  company: { name: "Ada's Company", subscriptionPlan: 'premium', productLimit: 1000 },
});

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  role = 'owner';
  exports = [];
  toasts = [];
  vi.spyOn(notifications, 'show').mockImplementation((toast) => {
    toasts.push(toast);
    return 'toast';
  });
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/auth/user') return json(user());
    if (url.startsWith('/api/price-history/export?')) {
      exports.push(url);
      return new Response('\uFEFFchanged_at\r\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="price-history-audit-2030-03-01-to-2030-03-31.csv"' } });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  // jsdom keeps no files: the object URL and the link's click are stood in for.
  URL.createObjectURL = vi.fn(() => 'blob:audit');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

async function renderCard() {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <PriceHistoryExport />
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  await waitFor(() => exportButton().getAttribute('disabled') === null || exportButton().getAttribute('aria-disabled') === 'true');
  return rendered.container;
}

const exportButton = () => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === EXPORT_HISTORY_LABEL)!;
const field = (label: string) => {
  const el = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(label))!;
  return document.getElementById(el.htmlFor) as HTMLInputElement;
};
async function pick(label: string, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setValue.call(field(label), value);
    field(label).dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('PriceHistoryExport', () => {
  it("downloads the picked days' changes and says which file was saved", async () => {
    await renderCard();
    await pick('First day', '2030-03-01');
    await pick('Last day', '2030-03-31');
    await act(async () => exportButton().click());
    await waitFor(() => toasts.length > 0);
    const expected = auditPeriod('2030-03-01', '2030-03-31');
    if (!expected.ok) throw new Error('the period is valid');
    expect(exports).toEqual([`/api/price-history/export?from=${encodeURIComponent(expected.from)}&to=${encodeURIComponent(expected.to)}`]);
    expect(toasts).toEqual([expect.objectContaining({ color: 'green', message: 'Saved price-history-audit-2030-03-01-to-2030-03-31.csv' })]);
  });

  it('refuses a last day before the first under its field, and sends nothing', async () => {
    const container = await renderCard();
    await pick('First day', '2030-03-10');
    await pick('Last day', '2030-03-01');
    expect(container.textContent).toContain('The last day must not be before the first');
    expect(exportButton().disabled).toBe(true);
    await act(async () => exportButton().click());
    expect(exports).toEqual([]);
  });

  it('says who can to a member, and sends nothing', async () => {
    role = 'member';
    const container = await renderCard();
    expect(container.textContent).toContain(`${whoCan('priceHistory.export')}.`);
    await expectWhoCan(exportButton(), whoCan('priceHistory.export'));
    await act(async () => exportButton().click());
    expect(exports).toEqual([]);
  });

  it('waits offline and says it needs a connection', async () => {
    await renderCard();
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => window.dispatchEvent(new Event('offline')));
    await waitFor(() => exportButton().getAttribute('aria-disabled') === 'true');
    const described = exportButton().getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(OFFLINE_ACTION_MESSAGE);
    await act(async () => exportButton().click());
    expect(exports).toEqual([]);
    onLine.mockRestore();
    await act(async () => window.dispatchEvent(new Event('online')));
  });
});
