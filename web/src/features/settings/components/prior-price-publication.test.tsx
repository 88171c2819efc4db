/**
 * Settings > Work orders > EU prior price > "Storefront publication" (issue 36 item 3): owners and
 * admins see how the lowest prior price stands on the storefront (published with its variants and
 * time, failing with the store's refusal in their words and the next try, pending and read again
 * until it is written, off); saving the settings reads it again; members see none of it; offline
 * it shows the state last read, or says it loads when the connection returns.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMPANY_SETTINGS } from '@catalog/contracts/company-settings';
import type { PriorPricePublicationStatus } from '@catalog/contracts/prior-price-publication';
import { clearApiQueries } from '../../../lib/api-query';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { json, stubApi, type ApiRoutes, type StubbedRequest } from '../../../testing/stub-api';
import { PublicationStatusView } from './prior-price-publication';
import { renderWorkOrdersSettings, settingsUser } from './work-orders-settings-harness';

const PATH = '/api/settings/prior-price-publication';
const SCOPE_MESSAGE = 'The store refused the metafield write (403): reconnect the store to grant the app the Products modify scope (store_v2_products).';
const NOW = new Date(Date.UTC(2030, 0, 10, 12));
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();

let rendered: Rendered | undefined;
let respond: ApiRoutes;
let requests: StubbedRequest[];

const user = settingsUser;
const publishing = { ...DEFAULT_COMPANY_SETTINGS, priorPriceDays: 30, publishPriorPrice: true };

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests = [];
  respond = {
    'GET /api/auth/user': () => json(user('owner')),
    'GET /api/company/settings': () => json(publishing),
    [`GET ${PATH}`]: () => json({ state: 'published', variants: 12, publishedAt: new Date(Date.now() - 5 * 60_000).toISOString() } satisfies PriorPricePublicationStatus),
  };
  stubApi(() => respond, requests);
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderSection() {
  rendered = await renderWorkOrdersSettings();
  return rendered.container;
}

const card = (root: ParentNode) => root.querySelector<HTMLElement>('[role="group"][aria-labelledby="prior-price-publication-title"], [role="group"][aria-label="Storefront publication"]');
const cardText = (root: ParentNode) => card(root)?.textContent ?? '';
const reads = () => requests.filter((r) => r.method === 'GET' && r.url === PATH).length;

describe('Storefront publication', () => {
  it('shows a published state with its variants and when the last run finished', async () => {
    const container = await renderSection();
    await waitFor(() => cardText(container).includes('Published'));
    expect(cardText(container)).toContain('12 variants on sale carry its lowest prior price');
    expect(cardText(container)).toContain('Last run finished 5 minutes ago.');
    expect(card(container)!.querySelector('time')!.getAttribute('title')).toMatch(/ at /);
  });

  it('reads a pending publication again until it is written', async () => {
    let pending = true;
    respond[`GET ${PATH}`] = () =>
      json(pending
        ? { state: 'pending', variants: 0, publishedAt: null, publishing: true, storeConnected: true }
        : { state: 'published', variants: 3, publishedAt: new Date().toISOString() });
    const container = await renderSection();
    await waitFor(() => cardText(container).includes('Pending'));
    expect(cardText(container)).toContain('Writing your latest changes to the storefront');
    pending = false;
    await waitFor(() => cardText(container).includes('Published'), 8_000);
    expect(cardText(container)).toContain('3 variants on sale carry');
    expect(reads()).toBeGreaterThanOrEqual(2);
  });

  it('says a store must be connected when none is', async () => {
    respond[`GET ${PATH}`] = () => json({ state: 'pending', variants: 0, publishedAt: null, publishing: true, storeConnected: false });
    const container = await renderSection();
    await waitFor(() => cardText(container).includes('Waiting for a store'));
    expect(cardText(container)).toContain('Connect a store to publish');
  });

  it('reads it again when the settings are saved', async () => {
    respond[`GET ${PATH}`] = () => json({ state: 'off' });
    respond['PATCH /api/company/settings'] = (body) => json({ ...publishing, ...(body as object) });
    respond['GET /api/company/settings'] = () => json({ ...publishing, publishPriorPrice: false });
    const container = await renderSection();
    await waitFor(() => cardText(container).includes('Nothing is published to the storefront.'));
    respond[`GET ${PATH}`] = () => json({ state: 'pending', variants: 0, publishedAt: null, publishing: true, storeConnected: true });
    const publish = [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Publish the lowest prior price'))!;
    await act(async () => (document.getElementById(publish.htmlFor) as HTMLInputElement).click());
    const save = [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Save work order settings')!;
    await act(async () => save.click());
    await waitFor(() => requests.some((r) => r.method === 'PATCH'));
    await waitFor(() => cardText(container).includes('Pending'));
  });

  it('is not shown to members, nor asked for', async () => {
    respond['GET /api/auth/user'] = () => json(user('member'));
    const container = await renderSection();
    await waitFor(() => container.textContent?.includes('Only owners and admins can change company settings') ?? false);
    expect(card(container)).toBeNull();
    expect(container.textContent).not.toContain('Storefront publication');
    expect(reads()).toBe(0);
  });

  it('shows the state last read while offline, saying so', async () => {
    const container = await renderSection();
    await waitFor(() => cardText(container).includes('Published'));
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => window.dispatchEvent(new Event('offline')));
    await waitFor(() => cardText(container).includes('You are offline: this is the state last read.'));
    expect(cardText(container)).toContain('12 variants on sale carry');
    onLine.mockReturnValue(true);
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => !cardText(container).includes('You are offline'));
    onLine.mockRestore();
  });

  it('says the state loads when the connection returns when it was never read, then loads it', async () => {
    respond[`GET ${PATH}`] = () => {
      throw new TypeError('Failed to fetch');
    };
    const container = await renderSection();
    await waitFor(() => cardText(container).includes('The storefront publication\'s state will load when the connection returns.'));
    expect(cardText(container)).not.toContain('Could not load');
    respond[`GET ${PATH}`] = () => json({ state: 'off' });
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => cardText(container).includes('Nothing is published to the storefront.'), 8_000);
  });
});

describe('PublicationStatusView', () => {
  async function view(status: PriorPricePublicationStatus) {
    rendered = await render(<PublicationStatusView status={status} now={NOW} offline={false} refreshing={false} onRefresh={() => {}} />);
    return rendered.container;
  }

  it('shows a failing run: why, the failures in a row and the next try, and the last success', async () => {
    const container = await view({ state: 'failing', variants: 8, publishedAt: minutes(-90), publishing: true, lastError: SCOPE_MESSAGE, failures: 2, retryAt: minutes(4) });
    const alert = container.querySelector('[role="alert"]') ?? container;
    expect(container.textContent).toContain('Failing');
    expect(alert.textContent).toContain('Publishing to the storefront failed');
    expect(alert.textContent).toContain(SCOPE_MESSAGE);
    expect(alert.textContent).toContain('Failed 2 times in a row. Next try in 4 minutes');
    expect(alert.textContent).toContain('Last published 2 hours ago: 8 variants carry a lowest prior price.');
  });

  it('says what a pending removal does, and that nothing carries the metafield when no variant is on sale', async () => {
    let container = await view({ state: 'pending', variants: 5, publishedAt: minutes(-1), publishing: false, storeConnected: true });
    expect(container.textContent).toContain('Removing the published lowest prior prices from the storefront');
    expect(container.textContent).toContain('Last published 1 minute ago: 5 variants carry');
    rendered?.unmount();
    container = await view({ state: 'published', variants: 0, publishedAt: minutes(0) });
    expect(container.textContent).toContain('No variant is on sale with a known lowest prior price, so none carries the metafield. Last run finished just now.');
  });
});
