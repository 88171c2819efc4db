/**
 * The PostgreSQL tables of work orders: the orders themselves (items, schedule, status, lease,
 * undo, approval, change log and the counts a list card shows), the series repeating orders run
 * in, the products and variants each targets, and the scheduler's last turn per company. Re-exported by schema.pg.ts; mirrored by
 * schema.sqlite.work-orders.ts.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './schema.pg.accounts';
import { ts, uuid } from './schema.pg.columns';
import type { PriceListTarget, RepeatRule } from '@catalog/contracts/work-orders';
import type {
  PriceSnapshot,
  RevertReport,
  UndoRequest,
  WorkOrderChange,
  WorkOrderItem,
  WorkOrderStatus,
} from './repositories';

/**
 * A repeating order's series (issue 36): its rule, stored once; each run is a work order of its
 * own (work_orders.series_id, series_run). The first run's start and end give every run's start
 * (contracts' seriesStarts) and length. `ended_at`, `end_reason`: the series stopped before its
 * rule ran out (a run deleted, rejected or refused), or ran its last.
 */
export const workOrderSeries = pgTable('work_order_series', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  rule: jsonb('rule').$type<RepeatRule>().notNull(),
  firstStart: ts('first_start').notNull(),
  firstEnd: ts('first_end'),
  endedAt: ts('ended_at'),
  endReason: text('end_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const workOrders = pgTable('work_orders', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  productUpdates: jsonb('product_updates').$type<WorkOrderItem[]>().notNull(),
  originalPrices: jsonb('original_prices').$type<PriceSnapshot[]>(),
  scheduledAt: ts('scheduled_at'),
  executeImmediately: boolean('execute_immediately').notNull().default(false),
  status: text('status').$type<WorkOrderStatus>().notNull().default('pending'),
  archived: boolean('archived').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  executedAt: ts('executed_at'),
  undoneAt: ts('undone_at'),
  error: text('error'),
  /** Client-generated key (outbox UUID): a replayed create returns the first order. */
  idempotencyKey: text('idempotency_key'),
  /** The store (hash) the order was made for: undo and execution refuse another store. */
  storeHash: text('store_hash'),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: ts('lease_expires_at'),
  /** The price list and currency whose records the order changes (issue 35); null: the catalog's prices. */
  target: jsonb('target').$type<PriceListTarget>(),
  /** When the scheduler reverts the completed order by itself (the end of a sale; issue 18). */
  revertAt: ts('revert_at'),
  /** Who asked for the undo in progress or done, and whether to restore items changed since. */
  undoRequest: jsonb('undo_request').$type<UndoRequest>(),
  /** What the undo did with each item (restored, kept because changed since, unchanged). */
  revertReport: jsonb('revert_report').$type<RevertReport>(),
  /** A completed order's warning: prices the store did not keep when read back. */
  warning: text('warning'),
  /** Shown on the dashboard until someone opens the order: a scheduled run or an end failed or warned. */
  needsAttention: boolean('needs_attention').notNull().default(false),
  /** Who approved or rejected the order (issue 19), when, and why it was rejected. */
  approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: ts('approved_at'),
  rejectedBy: text('rejected_by').references(() => users.id, { onDelete: 'set null' }),
  rejectedAt: ts('rejected_at'),
  rejectionReason: text('rejection_reason'),
  /**
   * The changes made to the order after it was created (issue 31): who, when, what, and whether
   * the change cleared an approval. Newest last, at most WORK_ORDER_CHANGE_LOG_MAX entries.
   */
  changeLog: jsonb('change_log').$type<WorkOrderChange[]>(),
  /**
   * What a card of the list shows of the items (issue 31), written with them (create, and an
   * update that replaces them; the migration backfilled older orders): a page of the list never
   * reads the items.
   */
  itemCount: integer('item_count').notNull().default(0),
  productCount: integer('product_count').notNull().default(0),
  regularPriceUpdates: integer('regular_price_updates').notNull().default(0),
  salePriceUpdates: integer('sale_price_updates').notNull().default(0),
  retailPriceUpdates: integer('retail_price_updates').notNull().default(0),
  /** Who undid it ('manual', 'end'), from undo_request, and its revert report's counts without its items: the summary's (issue 31). */
  undoTrigger: text('undo_trigger').$type<UndoRequest['trigger']>(),
  revertCounts: jsonb('revert_counts').$type<Omit<RevertReport, 'items'>>(),
  /** The series it is a run of (issue 36) and which run (1: the first); null: it does not repeat. */
  seriesId: text('series_id').references(() => workOrderSeries.id, { onDelete: 'set null' }),
  seriesRun: integer('series_run'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('work_orders_company_idempotency_uq').on(t.companyId, t.idempotencyKey),
  index('work_orders_status_scheduled_idx').on(t.status, t.scheduledAt),
  index('work_orders_company_created_idx').on(t.companyId, t.createdAt),
  /** The scheduler's due query: executing orders whose lease lapsed. */
  index('work_orders_status_lease_idx').on(t.status, t.leaseExpiresAt),
  /** A company's orders by status: the caps on waiting orders, the store-change cancel. */
  index('work_orders_company_status_idx').on(t.companyId, t.status),
  /** The scheduler's due query: completed orders whose end has come. */
  index('work_orders_status_revert_idx').on(t.status, t.revertAt),
  /** A series' runs, each made once (a run's next is made when it starts, in any process): issue 36. */
  uniqueIndex('work_orders_series_run_uq').on(t.seriesId, t.seriesRun),
]);

/**
 * The products and variants each work order targets (contracts' itemTarget of its items: 'p123',
 * 'v456'), written with its items (issue 31): the overlaps of an order being made are found here
 * by target, without reading any order's items. Gone with its order.
 */
export const workOrderTargets = pgTable('work_order_targets', {
  workOrderId: text('work_order_id').notNull().references(() => workOrders.id, { onDelete: 'cascade' }),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  target: text('target').notNull(),
}, (t) => [
  primaryKey({ columns: [t.workOrderId, t.target] }),
  /** The overlaps' query: a company's orders with one of these targets, from the index alone. */
  index('work_order_targets_company_target_order_idx').on(t.companyId, t.target, t.workOrderId),
]);

/**
 * When the scheduler last started an order of each company (any process): the due query offers
 * the companies served longest ago first, so the round-robin across companies holds across
 * processes and restarts. One row per company that ever ran an order.
 */
export const workOrderTurns = pgTable('work_order_turns', {
  companyId: text('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  servedAt: ts('served_at').notNull(),
});
