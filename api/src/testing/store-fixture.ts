/**
 * Test fixtures around the demo store: start one on 127.0.0.1 (a small catalog and a short
 * rate window), build the app pointed at it with a signed-in owner whose store is connected,
 * read a sync stream block by block (with the contracts' readSyncBlocks), and the catalog as
 * the store has it (the oracle the sync tests compare with).
 */
import { freePort } from '@catalog/listen/free-port';
import { createDemoStore, DEMO_STORE, type DemoStoreOptions } from '@catalog/demo-store';
import type { BcCategory, BcProduct } from '@catalog/demo-store';
import { readSyncBlocks, type SyncEvent } from '@catalog/contracts/sync';
import type { Database } from '../db/repositories';
import { commerceAt, testApp, testUser } from './test-app';

export type TestStore = Awaited<ReturnType<typeof startDemoStore>>;

export async function startDemoStore(options: DemoStoreOptions = {}) {
  const demo = createDemoStore({ products: 300, windowMs: 2_000, ...options });
  const server = await demo.listen(0, '127.0.0.1');
  return { ...demo, url: server.url, close: server.close };
}

/** The URL of a local port nobody listens at (taken, then released). */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

export type User = ReturnType<typeof testUser>;

/**
 * A network in front of the store that, while held, holds product-page requests from page
 * `fromPage` on until `open()` (a request whose signal aborts meanwhile fails as a cancelled
 * fetch does), so a test can act at a known point of a sync: after page 1, before page 2.
 */
export function pageGate(fromPage = 2) {
  let held: { promise: Promise<void>; release: () => void } | null = null;
  const hold = () => {
    let release!: () => void;
    const promise = new Promise<void>((resolve) => (release = resolve));
    held = { promise, release };
  };
  const open = () => {
    held?.release();
    held = null;
  };
  const gated: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const page = Number(url.searchParams.get('page') ?? '1');
    const wait = held?.promise;
    if (wait && url.pathname.endsWith('/catalog/products') && page >= fromPage) {
      await new Promise<void>((resolve, reject) => {
        const signal = init?.signal;
        if (signal?.aborted) return reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        void wait.then(resolve);
      });
    }
    return fetch(input, init);
  };
  return { fetch: gated, hold, open };
}

/** The app on a demo store, with a signed-in owner (trial company) and, unless `connect: false`, the store connected. */
export async function connectedApp(
  store: TestStore,
  options: {
    connect?: boolean; databaseUrl?: string; fetch?: typeof fetch; appSecret?: string; billing?: NonNullable<Parameters<typeof testApp>[0]>['billing'];
    storeWebhookUrl?: string; rateLimits?: NonNullable<Parameters<typeof testApp>[0]>['rateLimits'];
  } = {},
) {
  const t = await testApp({
    commerce: commerceAt(store.url, { fetch: options.fetch }), databaseUrl: options.databaseUrl, appSecret: options.appSecret, billing: options.billing,
    storeWebhookUrl: options.storeWebhookUrl, rateLimits: options.rateLimits,
  });
  const owner = testUser('Olive Owner');
  const res = await t.app.request('/api/auth/user', { headers: owner.headers });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const user = (await t.db.users.getByFirebaseUid(owner.sub))!;
  const companyId = user.companyId;
  if (options.connect !== false) {
    const saved = await t.app.request('/api/settings', {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, clientId: DEMO_STORE.clientId }),
    });
    if (saved.status !== 200) throw new Error(`connecting the store failed: ${saved.status} ${await saved.text()}`);
  }
  /** A teammate with `role` in the owner's company. */
  const teammate = async (role: 'admin' | 'member') => {
    const mate = testUser(`Tess ${role}`);
    await t.db.users.create({ companyId, email: mate.email, firebaseUid: mate.sub, role });
    return mate;
  };
  const setLimit = (productLimit: number) => t.db.companies.update(companyId, { productLimit });
  return { ...t, owner, companyId, teammate, setLimit };
}

/**
 * Reads a sync response to its end, calling `onEvent` for each block as it arrives (awaited,
 * so a test can act mid-sync); returns every event.
 */
export async function readSyncEvents(res: Response, onEvent?: (event: SyncEvent) => unknown): Promise<SyncEvent[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SyncEvent[] = [];
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    const { events: arrived, rest } = readSyncBlocks(done ? `${buffer}\n\n` : buffer);
    buffer = rest;
    for (const event of arrived) {
      events.push(event);
      await onEvent?.(event);
    }
    if (done) return events;
  }
}

export const postSync = (app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, user: User) =>
  app.request('/api/sync', { method: 'POST', headers: user.headers });

/** The product's category as the sync must store it: the path of its first category in tree order. */
export function expectedCategory(product: BcProduct, categories: readonly BcCategory[]): string {
  // The generator lists categories depth-first in sort order, so array position is tree order.
  const first = categories.find((c) => product.categories.includes(c.category_id));
  if (!first) return 'Uncategorized';
  const names: string[] = [];
  for (let c: BcCategory | undefined = first; c; c = categories.find((p) => p.category_id === c!.parent_id)) names.unshift(c.name);
  return names.join(' > ');
}

/** The store's products as a sync keeps them: visible ones (unless `invisible`), by ascending id. */
export function storeProducts(store: TestStore, options: { invisible?: boolean } = {}): BcProduct[] {
  return store.store.catalog().products().filter((p) => options.invisible || p.is_visible);
}

/** `connectedApp` after a full sync of the store (product limit raised to take it all). */
export async function syncedApp(store: TestStore, options: Parameters<typeof connectedApp>[1] = {}) {
  const t = await connectedApp(store, options);
  await t.setLimit(100_000);
  const events = await readSyncEvents(await postSync(t.app, t.owner));
  if (!events.some((e) => e.kind === 'result')) throw new Error(`the sync did not complete: ${JSON.stringify(events.at(-1))}`);
  return t;
}

/** A user signed in to `t`'s app for the first time: the owner of a company of their own. */
export async function signedInUser(t: { app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }; db: Database }, name: string) {
  const user = testUser(name);
  const res = await t.app.request('/api/auth/user', { headers: user.headers });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const row = (await t.db.users.getByFirebaseUid(user.sub))!;
  return { ...user, id: row.id, companyId: row.companyId };
}
