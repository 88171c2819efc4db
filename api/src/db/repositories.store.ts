/**
 * The store connection part of the data layer's contract: a company's settings for its store
 * (the store, its token, sync progress, the webhooks registered) and the store webhook deliveries
 * queued in the database for the refresh worker. Re-exported by repositories.ts.
 */
import type { StoreRefreshBounds } from './store-refresh-bounds';

// ---------------------------------------------------------------- settings

export interface ApiSettings {
  id: string;
  companyId: string;
  storeHash: string;
  accessToken: string;
  clientId: string;
  showStock: boolean;
  showStockStatus: boolean;
  showInvisibleProducts: boolean;
  lastSyncAt: Date | null;
  /** `date_modified:min` of the next incremental sync (the start of the last complete one); null: the next is full. */
  syncSince: Date | null;
  /** When the last full pass completed. */
  fullSyncAt: Date | null;
  /** Our secret every store webhook delivery must present (encrypted like the access token); null: none. */
  webhookSecret: string | null;
  /** Where the store's webhooks deliver; null: none registered. */
  webhookDestination: string | null;
  /** When the webhook health check last ran (services/store-webhooks/webhook-health.ts). */
  webhooksCheckedAt: Date | null;
  /** The last check that saw our webhooks active; null: none yet. */
  webhooksGoodAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type SettingsInput = Pick<ApiSettings, 'storeHash' | 'accessToken' | 'clientId'>
  & Partial<Pick<ApiSettings, 'showStock' | 'showStockStatus' | 'showInvisibleProducts' | 'lastSyncAt' | 'syncSince' | 'fullSyncAt'>>;

/** A completed sync: when it started (the next incremental sync reads changes from then) and whether it was a full pass. */
export interface SyncPass {
  startedAt: Date;
  full: boolean;
}

export interface SettingsRepository {
  get(companyId: string): Promise<ApiSettings | null>;
  /** One settings row per company: creates it or overwrites the given fields. */
  upsert(companyId: string, input: SettingsInput, now?: Date): Promise<ApiSettings>;
  /**
   * Records a finished sync; false when the company has no settings. With `pass`, the next
   * incremental sync reads from its start, and a full pass moves `fullSyncAt`.
   */
  markSynced(companyId: string, at: Date, pass?: SyncPass): Promise<boolean>;
  /** Records the store webhooks registered (the encrypted secret and their destination), or none (null). */
  setWebhooks(companyId: string, webhooks: { secret: string; destination: string } | null, now?: Date): Promise<boolean>;
  /**
   * Claims the company's webhook health check when webhooks are registered and none ran since
   * `dueBefore` (one statement: of several processes asking at once, one gets it); null
   * otherwise. `goodAt` is the last moment the webhooks were known active: the later of the last
   * check that saw them so and the last delivery received (null: neither is known).
   */
  claimWebhookCheck(companyId: string, input: { at: Date; dueBefore: Date }): Promise<{ goodAt: Date | null } | null>;
  /** Companies with webhooks registered whose health check is due (none ran since `dueBefore`), the longest waiting first. */
  webhookChecksDue(dueBefore: Date, limit: number): Promise<string[]>;
  /** A health check saw the company's webhooks active (or made them so) at `at`. */
  markWebhooksGood(companyId: string, at: Date): Promise<void>;
  /** Forgets the store connection (disconnect); false when there was none. */
  delete(companyId: string): Promise<boolean>;
  /** The next sync is a full pass (e.g. a category changed in the store: product paths may have moved). */
  requireFullSync(companyId: string, now?: Date): Promise<void>;
}

// ---------------------------------------------------------------- store webhooks

/**
 * Store webhook deliveries, queued in the database (every API process receives them, any
 * process's worker acts on them): deduplicated by the delivery's hash, coalesced per product.
 */
export interface StoreRefreshesRepository {
  /**
   * Records a delivery and queues the products it names, in one transaction: false (nothing
   * queued) when a delivery of this hash was received before. A product already queued is not
   * queued twice; its queued time moves to `at`. Within `bounds` (default STORE_REFRESH_BOUNDS):
   * past the receipts kept, the company's oldest are forgotten; a product more than the queue
   * holds throws StoreRefreshQueueFullError and nothing is written.
   */
  receive(companyId: string, input: { hash: string; productIds: readonly number[]; at: Date }, bounds?: StoreRefreshBounds): Promise<boolean>;
  /**
   * Companies with products queued at or before `before`, the longest waiting first, but those
   * whose 'store-refresh' lease is live at `now` (another process is reading them: decision 049).
   */
  due(before: Date, limit: number, now?: Date): Promise<string[]>;
  /** The company's products queued at or before `before`, the longest waiting first. */
  pending(companyId: string, before: Date, limit: number): Promise<number[]>;
  /** Removes the products read at `readAt`, except those queued again since. */
  done(companyId: string, productIds: readonly number[], readAt: Date): Promise<void>;
  /** Forgets what is queued for the company (its store changed). */
  clear(companyId: string): Promise<void>;
  /** Forgets delivery hashes received before `before`; returns how many. */
  pruneReceipts(before: Date): Promise<number>;
}
