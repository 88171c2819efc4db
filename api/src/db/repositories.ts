/**
 * The data layer's contract: row types and async repository interfaces, implemented once per
 * dialect (sqlite/*.ts, pg/*.ts) and checked by repositories.contract.test.ts on both.
 *
 * Rules every implementation keeps:
 * - Company-scoped reads and writes take `companyId` first; a row of another company is
 *   treated as absent (null / false / not listed), never returned or changed.
 * - Money is integer cents; times are Date; ids are text UUIDs; the store's own numeric ids
 *   are `externalId`.
 * - Lookups that are global by nature (identity, invitation token, scheduler) say so.
 *
 * Each area's row types and repository interface live in a sibling file (repositories.accounts.ts,
 * .catalog.ts, .work-orders.ts, .price-history.ts, .backups.ts, .store.ts, .store-taxonomy.ts,
 * .coordination.ts, .bigcommerce-app.ts, .price-lists.ts, .lowest-price.ts, .prior-price.ts), re-exported here; this file holds the shared vocabularies and `Database`.
 */

import type { Pool as PgPool } from 'pg';
import type { Role } from '@catalog/contracts/auth';
import type { PriceChangeType } from '@catalog/contracts/products';
import type { InvitationStatus } from '@catalog/contracts/team';
import type { WorkOrderStatus } from '@catalog/contracts/work-orders';

/**
 * The vocabularies stored in text columns are the contracts' enums, declared there once:
 * Role, InvitationStatus, WorkOrderStatus and PriceChangeType (`sync` and `webhook` cover every
 * change the store made on its own, the spec's "system sync", found by a sync or brought by the
 * store's webhook; `undo` entries restore the prices an undone work order had replaced).
 * Re-exported so the data layer's callers find them here too.
 */
export type { InvitationStatus, PriceChangeType, Role, WorkOrderStatus };

// ---------------------------------------------------------------- split contracts

export type * from './repositories.accounts';
export type * from './repositories.backups';
export type * from './repositories.bigcommerce-app';
export type * from './repositories.catalog';
export type * from './repositories.coordination';
export type * from './repositories.lowest-price';
export type * from './repositories.price-history';
export type * from './repositories.price-lists';
export type * from './repositories.prior-price';
export type * from './repositories.store';
export type * from './repositories.store-taxonomy';
export type * from './repositories.work-orders';
import type { CompaniesRepository, InvitationsRepository, UsersRepository } from './repositories.accounts';
import type { BackupsRepository } from './repositories.backups';
import type { BigCommerceAppRepository } from './repositories.bigcommerce-app';
import type { ProductsRepository } from './repositories.catalog';
import type { CompanyActivitiesRepository, IdempotencyRepository, StripeEventsRepository } from './repositories.coordination';
import type { LowestPriceRepository } from './repositories.lowest-price';
import type { PriceHistoryRepository } from './repositories.price-history';
import type { PriceListsRepository } from './repositories.price-lists';
import type { PriorPriceRepository } from './repositories.prior-price';
import type { SettingsRepository, StoreRefreshesRepository } from './repositories.store';
import type { StoreTaxonomyRepository } from './repositories.store-taxonomy';
import type { WorkOrdersRepository } from './repositories.work-orders';

// ---------------------------------------------------------------- database

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  dialect: Dialect;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: the database's own pool (its search_path is the app's schema), for the
   * rate limiter's shared counters (middleware/rate-limit.ts). Undefined on SQLite.
   */
  pgPool?: PgPool;
  companies: CompaniesRepository;
  users: UsersRepository;
  invitations: InvitationsRepository;
  settings: SettingsRepository;
  products: ProductsRepository;
  workOrders: WorkOrdersRepository;
  priceHistory: PriceHistoryRepository;
  idempotency: IdempotencyRepository;
  stripeEvents: StripeEventsRepository;
  activities: CompanyActivitiesRepository;
  storeRefreshes: StoreRefreshesRepository;
  /** The store's categories and brands, cached per company (issue 32). */
  storeTaxonomy: StoreTaxonomyRepository;
  backups: BackupsRepository;
  /** The app's installations from BigCommerce, their users, accepted payloads and sign-in codes (issue 34). */
  bigcommerceApp: BigCommerceAppRepository;
  /** The store's price lists, their assignments, customer groups, channels and records (issue 35). */
  priceLists: PriceListsRepository;
  /** Price changes around a window and the spans prices were followed: the lowest prior price (issue 36). */
  lowestPrice: LowestPriceRepository;
  /** The lowest prior prices published to the storefront as variant metafields (issue 36). */
  priorPrice: PriorPriceRepository;
}
