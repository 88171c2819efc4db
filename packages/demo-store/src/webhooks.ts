/**
 * The demo store's webhooks (BigCommerce Webhooks v3): the hooks an API account registered
 * (scope, destination, custom headers, active flag) and their delivery. A catalog change is
 * sent, as BigCommerce does, as a light payload carrying ids only
 * (`{scope, store_id, producer, data: {type, id}, hash, created_at}`) with the hook's own
 * headers, to every active hook whose scope matches (exact, or a `.../*` wildcard). Deliveries
 * leave after the write that caused them has been answered and are not retried: the tests and
 * `npm start` count on the receiver answering 200.
 */
import { createHash } from 'node:crypto';

export interface Hook {
  id: number;
  client_id: string;
  store_hash: string;
  scope: string;
  destination: string;
  is_active: boolean;
  headers: Record<string, string> | null;
  created_at: number;
  updated_at: number;
}

export type HookInput = Pick<Hook, 'scope' | 'destination'> & Partial<Pick<Hook, 'is_active' | 'headers'>>;

/** What changed, as the payload's `data` says it. */
export type HookEventData =
  | { type: 'product'; id: number }
  | { type: 'sku'; id: number; sku: { product_id: number; variant_id: number } }
  | { type: 'category'; id: number }
  /** store/app/uninstalled: the store itself. */
  | { type: 'store' }
  /** store/priceList/created, updated, activated, deactivated, deleted. */
  | { price_list_id: number }
  /** store/priceLists/deleted. */
  | { price_list_ids: number[] }
  /** store/priceList/record/created, updated, deleted. */
  | { price_list_id: number; variant_id: number; currency: string }
  /** store/priceList/records/created, updated, deleted: one entry per record. */
  | Array<{ price_list_id: number; variant_id: number; currency: string }>
  /** store/priceList/assignment/updated, deleted. */
  | { price_list_id: number; channel_id: number | null; customer_group_id: number | null };

export interface WebhookPayload {
  scope: string;
  store_id: string;
  producer: string;
  data: HookEventData;
  hash: string;
  created_at: number;
}

export interface DeliveryStats {
  /** Deliveries answered 2xx. */
  delivered: number;
  /** Deliveries refused (non-2xx) or that never got an answer. */
  failed: number;
}

/** Does a hook of `hookScope` (e.g. `store/category/*`) receive an event of `eventScope`? */
export function scopeMatches(hookScope: string, eventScope: string): boolean {
  if (hookScope === eventScope) return true;
  return hookScope.endsWith('/*') && eventScope.startsWith(hookScope.slice(0, -1));
}

/** The hooks of one store and the sending of its events. */
export class StoreHooks {
  private readonly hooks = new Map<number, Hook>();
  private nextId = 1;
  /** Deliveries in flight (a test can wait for them: `settled()`). */
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly storeHash: string,
    private readonly storeId: string,
    private readonly stats: () => DeliveryStats,
    private readonly now: () => number = Date.now,
    private readonly send: typeof fetch = (...args) => fetch(...args),
  ) {}

  list(): Hook[] {
    return [...this.hooks.values()].sort((a, b) => a.id - b.id);
  }

  get(id: number): Hook | undefined {
    return this.hooks.get(id);
  }

  /** null when the store already has a hook of this scope to this destination (BigCommerce allows one). */
  create(clientId: string, input: HookInput): Hook | null {
    if (this.list().some((h) => h.client_id === clientId && h.scope === input.scope && h.destination === input.destination)) return null;
    const at = Math.floor(this.now() / 1000);
    const hook: Hook = {
      id: this.nextId++, client_id: clientId, store_hash: this.storeHash, scope: input.scope, destination: input.destination,
      is_active: input.is_active ?? true, headers: input.headers ?? null, created_at: at, updated_at: at,
    };
    this.hooks.set(hook.id, hook);
    return hook;
  }

  update(id: number, patch: Partial<HookInput>): Hook | undefined {
    const hook = this.hooks.get(id);
    if (!hook) return undefined;
    Object.assign(hook, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)), { updated_at: Math.floor(this.now() / 1000) });
    return hook;
  }

  delete(id: number): Hook | undefined {
    const hook = this.hooks.get(id);
    this.hooks.delete(id);
    return hook;
  }

  clear(): void {
    this.hooks.clear();
  }

  /** Deletes every hook of an API account (an uninstalled app's); returns how many. */
  deleteAllOf(clientId: string): number {
    const hooks = this.list().filter((h) => h.client_id === clientId);
    for (const hook of hooks) this.hooks.delete(hook.id);
    return hooks.length;
  }

  /**
   * Sends the event to every active hook of a matching scope (only the API account's when
   * `clientId` is given: an app's uninstall is news to it alone); returns how many were sent.
   */
  emit(scope: string, data: HookEventData, clientId?: string): number {
    const targets = this.list().filter((h) => h.is_active && scopeMatches(h.scope, scope) && (clientId === undefined || h.client_id === clientId));
    if (targets.length === 0) return 0;
    const created = Math.floor(this.now() / 1000);
    const hash = createHash('sha1').update(JSON.stringify([scope, data, this.now()])).digest('hex');
    const payload: WebhookPayload = { scope, store_id: this.storeId, producer: `stores/${this.storeHash}`, data, hash, created_at: created };
    for (const hook of targets) this.track(this.deliver(hook, payload));
    return targets.length;
  }

  /** Resolves once every delivery sent so far has been answered (or failed). */
  async settled(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }

  private track(delivery: Promise<void>): void {
    this.inflight.add(delivery);
    void delivery.finally(() => this.inflight.delete(delivery));
  }

  private async deliver(hook: Hook, payload: WebhookPayload): Promise<void> {
    // After the write that caused it has been answered, as BigCommerce queues its deliveries.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      const res = await this.send(hook.destination, {
        method: 'POST',
        headers: { ...hook.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) this.stats().delivered++;
      else this.stats().failed++;
    } catch {
      this.stats().failed++;
    }
  }
}
