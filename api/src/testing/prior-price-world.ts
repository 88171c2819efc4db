/**
 * Test fixtures for the lowest prior prices published to the storefront (issue 36 item 3): a
 * work-order world (the app, a demo store, a connected and synced company) whose company
 * publishes with a 30-day window, publishers on its database whose store requests are counted,
 * items that put variants on sale with the low each should then show, and the metafields as the
 * demo store holds them. Its scheduler runs orders as they are made.
 */
import { DEMO_STORE, type DemoStoreOptions } from '@catalog/demo-store';
import { createSecretBox } from '../lib/secrets';
import { createPriorPricePublisher, type PublisherOptions } from '../services/prior-price-metafields/publisher';
import { commerceAt } from './test-app';
import { silent, waitFor, waitForStatus, workOrderWorld, type Item } from './work-order-world';

export interface SentRequest {
  method: string;
  path: string;
  /** The store hash of the request's path. */
  hash: string;
  /** Items of a batch body (0 for none). */
  items: number;
}

const METAFIELDS_PATH = '/v3/catalog/variants/metafields';
const fmt = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export async function priorPriceWorld(options: { store?: DemoStoreOptions } = {}) {
  const world = await workOrderWorld({ store: { products: 150, ...options.store } });
  await world.db.companies.update(world.companyId, { publishPriorPrice: true, priorPriceDays: 30 });
  const scheduler = world.scheduler();
  scheduler.start();
  const sent: SentRequest[] = [];
  /** Called with each request before it goes out (a test's fault injection). */
  let beforeSend: (request: SentRequest) => void = () => {};
  const counting: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method: init?.method ?? 'GET', path: url.pathname.replace(/^\/stores\/[^/]+/, ''), hash: url.pathname.split('/')[2] ?? '', items: Array.isArray(body) ? body.length : 0 };
    sent.push(request);
    beforeSend(request);
    return fetch(input, init);
  };
  const commerce = commerceAt(world.store.url, { fetch: counting });
  const secrets = createSecretBox(world.appSecret);
  const publisher = (over: Partial<PublisherOptions> = {}) => createPriorPricePublisher({ db: world.db, commerce, secrets, logger: silent, ...over });

  /** The metafield requests sent since the last `take`, as [method, items] of each (GETs with 0). */
  let seen = 0;
  const take = () => {
    const fresh = sent.slice(seen).filter((r) => r.path === METAFIELDS_PATH);
    seen = sent.length;
    return fresh.map((r) => [r.method, r.items] as const);
  };

  /**
   * Items putting the first `count` variants not on sale on sale at 80% of their price (a
   * product without options through its own sale price), and the low each should show: its
   * price before, the only one it had since the store was followed.
   */
  function saleItems(count: number, skip = 0): { items: Item[]; lows: Map<number, number> } {
    const catalog = world.store.store.catalog();
    const items: Item[] = [];
    const lows = new Map<number, number>();
    let skipped = 0;
    for (const v of catalog.variants()) {
      if (items.length >= count) break;
      const p = catalog.product(v.product_id)!;
      const sale = v.sale_price ?? p.sale_price;
      const regular = Math.round((v.price ?? p.price) * 100);
      if ((sale !== null && sale > 0) || regular < 100 || skipped++ < skip) continue;
      const newSalePrice = fmt(Math.round(regular * 0.8));
      items.push(p.base_variant_id === v.id
        ? { productId: p.id, productName: p.name, newSalePrice }
        : { productId: p.id, productName: p.name, variantId: v.id, newSalePrice });
      lows.set(v.id, regular);
    }
    if (items.length < count) throw new Error(`the demo catalog has fewer than ${count} variants not on sale`);
    return { items, lows };
  }

  /** Waits until the order reaches one of `statuses` and its run has ended (its completion point marked the prices changed). */
  async function settled(orderId: string, statuses: Parameters<typeof waitForStatus>[2]): Promise<void> {
    await waitForStatus(world, orderId, statuses, 20_000);
    await waitFor(async () => scheduler.running, (n) => n === 0);
  }

  /** Runs an order of these items now and waits for it to complete. */
  async function runOrder(items: Item[], title = 'Sale'): Promise<string> {
    const created = await world.post({ title, productUpdates: items, executeImmediately: true });
    if (created.status !== 201) throw new Error(`the order was refused: ${JSON.stringify(created.body.error)}`);
    await settled(created.body.id, ['completed']);
    return created.body.id;
  }

  /** The store's metafields of ours, by variant: the value parsed. */
  const published = (hash = DEMO_STORE.hash, clientId = DEMO_STORE.clientId) =>
    new Map(world.store.store.account(hash)!.metafields.visibleTo(clientId).map((m) => [m.resource_id, { id: m.id, value: JSON.parse(m.value) as Record<string, unknown> }]));

  return {
    ...world, sent, take, publisher, saleItems, runOrder, settled, published, fmt,
    onSend: (fn: (request: SentRequest) => void) => {
      beforeSend = fn;
    },
  };
}

export type PriorPriceWorld = Awaited<ReturnType<typeof priorPriceWorld>>;
