/**
 * Catalog pricing backups (issue 17): taking one (the daily job, right before a work order
 * runs, "Back up now"), reading one back whole, the prices at any moment (the nearest earlier
 * backup plus the price history since), the comparison with the catalog now, and the work-order
 * items of a restore. The routes (routes/backups) and the scheduler (backup-scheduler.ts) call
 * these; the executor calls backupBeforeWorkOrder.
 *
 * Storage (backup-codec.ts): each backup is a delta on the company's newest backup, or a full
 * snapshot when there is none, when that one was taken from another store, when the chain of
 * deltas reached MAX_CHAIN, or when most prices changed. Deltas are never rewritten: retention
 * marks a backup expired, and the scheduler deletes it only once nothing rests on it.
 *
 * What a backup records is the catalog as the app holds it (synced from the store and updated by
 * every price change the app makes). The backup before a work order also takes the store's own
 * prices of the order's items, read just before it writes (the order's snapshot), over them.
 */
import { displayName } from '@catalog/contracts/auth';
import {
  BACKUP_RETENTION, MAX_LISTED_CHANGES, type Backup as WireBackup, type BackupChange, type BackupListQuery, type BackupListResponse, type BackupTrigger,
} from '@catalog/contracts/backups';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { formatDateTime } from '@catalog/contracts/date-time';
import { pageOf, timeIdCursor } from '@catalog/contracts/paging';
import { salePriceOrNull } from '@catalog/contracts/money';
import { planHasFeature } from '@catalog/contracts/plans';
import type {
  BackupRow, CatalogPrices, Database, ListedPriceHistoryEntry, PriceSnapshot, StoredBackup, WorkOrder, WorkOrderItem,
} from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import {
  applyDeltaInPlace, changedPrices, decode, deltaBetween, deltaSize, encodeDelta, encodeFull, type ItemPrices, type PriceState,
} from './backup-codec';

/** Deltas in a row before a backup is stored whole again: a read applies at most this many. */
export const MAX_CHAIN = 30;
/** A delta that would hold more than this share of the items is stored as a full snapshot. */
const FULL_SHARE = 0.25;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- states

/** The prices of a catalog as the data layer reads them. */
export function stateOfCatalog(catalog: CatalogPrices): PriceState {
  return {
    products: new Map(catalog.products.map((p) => [p.externalId, { regular: p.regularPriceCents, sale: p.salePriceCents }])),
    variants: new Map(catalog.variants.map((v) => [v.externalId, { productId: v.productExternalId, regular: v.regularPriceCents, sale: v.salePriceCents }])),
  };
}

/**
 * `state` with a work order's snapshot (the store's prices of its items, read just before it
 * wrote) over it. The store says "not on sale" with 0 where the app keeps null (a product's
 * sale price, contracts salePriceOrNull); a variant's prices are kept as the store has them.
 */
export function withSnapshot(state: PriceState, snapshot: readonly PriceSnapshot[]): PriceState {
  const products = new Map(state.products);
  const variants = new Map(state.variants);
  for (const s of snapshot) {
    if (s.externalVariantId == null) {
      const before = products.get(s.externalProductId);
      products.set(s.externalProductId, { regular: s.regularPriceCents ?? before?.regular ?? 0, sale: salePriceOrNull(s.salePriceCents) });
    } else {
      variants.set(s.externalVariantId, { productId: s.externalProductId, regular: s.regularPriceCents, sale: s.salePriceCents });
    }
  }
  return { products, variants };
}

/** A backup read back whole: its full snapshot and the deltas down to it, applied in order. */
export async function readBackupState(db: Database, companyId: string, backup: Pick<BackupRow, 'id'>): Promise<PriceState> {
  const chain: StoredBackup[] = [];
  let row = await db.backups.get(companyId, backup.id);
  while (row && row.parentId !== null) {
    chain.push(row);
    if (chain.length > 10 * MAX_CHAIN) throw new Error(`backup ${backup.id}: its chain of deltas does not end`);
    row = await db.backups.get(companyId, row.parentId);
  }
  if (!row) throw new Error(`backup ${backup.id}: a backup its deltas rest on is missing`);
  const base = decode(row.data);
  if (base.kind !== 'full') throw new Error(`backup ${row.id} has no parent but is not a full snapshot`);
  // The decoded snapshot is this read's own: the deltas are applied to it in place.
  const state = base.state;
  for (const b of chain.reverse()) {
    const step = decode(b.data);
    if (step.kind !== 'delta') throw new Error(`backup ${b.id} has a parent but is not a delta`);
    applyDeltaInPlace(state, step.delta);
  }
  return state;
}

// ---------------------------------------------------------------- taking a backup

export interface TakeBackupInput {
  trigger: BackupTrigger;
  /** At most one backup of the company per key (the daily job's day, a work order's id). */
  dedupeKey?: string | null;
  workOrderId?: string | null;
  createdBy?: string | null;
  /** A work order's snapshot, over the catalog's prices. */
  snapshot?: readonly PriceSnapshot[];
  now?: Date;
}

/** When a backup's retention ends: on-demand after a year, a work order's after 30 days, daily ones by count. */
export function expiryOf(trigger: BackupTrigger, createdAt: Date): Date | null {
  if (trigger === 'manual') return new Date(createdAt.getTime() + BACKUP_RETENTION.manualDays * DAY_MS);
  if (trigger === 'work_order') return new Date(createdAt.getTime() + BACKUP_RETENTION.workOrderDays * DAY_MS);
  return null;
}

/**
 * Takes a backup of the company's catalog now. Null when the company already has a backup with
 * this `dedupeKey` (taken by another process, or by an earlier run of the same work order).
 */
export async function takeBackup(db: Database, companyId: string, input: TakeBackupInput): Promise<StoredBackup | null> {
  const createdAt = input.now ?? new Date();
  const catalog = stateOfCatalog(await db.backups.catalogPrices(companyId));
  const state = input.snapshot ? withSnapshot(catalog, input.snapshot) : catalog;
  const storeHash = (await db.settings.get(companyId))?.storeHash ?? null;
  const items = state.products.size + state.variants.size;

  const latest = await db.backups.latest(companyId);
  const previous = latest ? await readBackupState(db, companyId, latest) : null;
  const sameStore = latest !== null && latest.storeHash === storeHash;
  const delta = previous && sameStore ? deltaBetween(previous, state) : null;
  const asDelta = latest !== null && delta !== null && latest.depth + 1 < MAX_CHAIN && deltaSize(delta) <= Math.max(16, items * FULL_SHARE);

  const row = {
    trigger: input.trigger,
    dedupeKey: input.dedupeKey ?? null,
    workOrderId: input.workOrderId ?? null,
    createdBy: input.createdBy ?? null,
    storeHash,
    productCount: state.products.size,
    variantCount: state.variants.size,
    changedCount: previous && sameStore ? changedPrices(previous, state) : null,
    createdAt,
    expiresAt: expiryOf(input.trigger, createdAt),
  };
  const full = () => db.backups.create(companyId, { ...row, parentId: null, depth: 0, data: encodeFull(state) });
  if (!asDelta) return full();
  try {
    return await db.backups.create(companyId, { ...row, parentId: latest.id, depth: latest.depth + 1, data: encodeDelta(delta) });
  } catch (err) {
    // The backup it rests on was deleted meanwhile (retention, in another process): store it whole.
    if (await db.backups.get(companyId, latest.id)) throw err;
    return full();
  }
}

/** The dedupe key of a company's daily backup: one per UTC day. */
export const dailyKey = (at: Date) => `daily:${at.toISOString().slice(0, 10)}`;

/**
 * The backup right before a work order writes its prices (its snapshot over the catalog), for a
 * company whose plan has backups. Once per order: a resumed run finds it taken. Never stops the
 * order: a failure is logged (the order's own snapshot still serves its undo).
 */
export async function backupBeforeWorkOrder(db: Database, order: Pick<WorkOrder, 'id' | 'companyId' | 'createdBy'>, snapshot: readonly PriceSnapshot[], log: Logger): Promise<void> {
  try {
    const company = await db.companies.get(order.companyId);
    if (!company || !planHasFeature(company.subscriptionPlan, 'pricingBackups')) return;
    await takeBackup(db, order.companyId, {
      trigger: 'work_order', dedupeKey: `work_order:${order.id}`, workOrderId: order.id, createdBy: order.createdBy, snapshot,
    });
  } catch (err) {
    log.warn('the backup before a work order failed; the order runs on', { error: err instanceof Error ? err.message : String(err) });
  }
}

// ---------------------------------------------------------------- listing

/** The backups as listed, with the titles of their orders and the names of who took them. */
/** A page of the company's listed backups as the API lists them (GET /api/backups, issue 31). */
export async function backupPage(db: Database, companyId: string, query: BackupListQuery): Promise<BackupListResponse> {
  // One more than the page: whether another page follows.
  const rows = await db.backups.list(companyId, { after: query.cursor, limit: query.limit + 1 });
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => timeIdCursor({ at: r.createdAt, id: r.id }));
  return { backups: await describeBackups(db, companyId, items), nextCursor };
}

export async function describeBackups(db: Database, companyId: string, rows: readonly BackupRow[]): Promise<WireBackup[]> {
  const [users, settings] = await Promise.all([db.users.listByCompany(companyId), db.settings.get(companyId)]);
  const names = new Map(users.map((u) => [u.id, displayName(u)]));
  const titles = await orderTitles(db, companyId, rows.map((r) => r.workOrderId));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    trigger: r.trigger,
    workOrder: r.workOrderId && titles.has(r.workOrderId) ? { id: r.workOrderId, title: titles.get(r.workOrderId)! } : null,
    createdBy: r.trigger === 'manual' && r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    productCount: r.productCount,
    variantCount: r.variantCount,
    changedCount: r.changedCount,
    otherStore: isOtherStore(r, settings?.storeHash ?? null),
  }));
}

/** Taken from another store than the one connected now (a backup or a store from before stores were recorded counts as this one's). */
export const isOtherStore = (backup: Pick<BackupRow, 'storeHash'>, storeHash: string | null) =>
  backup.storeHash !== null && storeHash !== null && backup.storeHash !== storeHash;

async function orderTitles(db: Database, companyId: string, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  return wanted.length === 0 ? new Map() : db.workOrders.titles(companyId, wanted);
}

// ---------------------------------------------------------------- prices at a moment

/**
 * The catalog's prices at `at`: the newest listed backup taken at or before it, with every price
 * change recorded after that backup up to `at` applied (each history entry holds an item's two
 * prices after the change). 404 when no backup is that old.
 */
export async function stateAt(db: Database, companyId: string, at: Date): Promise<{ base: BackupRow; state: PriceState }> {
  const base = await db.backups.latestAt(companyId, at);
  if (!base) {
    throw new ApiError(ErrorCode.NOT_FOUND, `There is no backup from before ${formatDateTime(at, 'UTC')} (UTC): prices can be rebuilt from the first backup on.`);
  }
  const state = await readBackupState(db, companyId, base);
  const entries = await db.priceHistory.listForCompany(companyId, { after: base.createdAt, until: at });
  for (const e of entries) applyEntry(state, e);
  return { base, state };
}

function applyEntry(state: PriceState, e: ListedPriceHistoryEntry) {
  if (e.variantExternalId !== null) {
    state.variants.set(e.variantExternalId, { productId: e.productExternalId, regular: e.newRegularPriceCents, sale: e.newSalePriceCents });
  } else {
    const before = state.products.get(e.productExternalId);
    state.products.set(e.productExternalId, { regular: e.newRegularPriceCents ?? before?.regular ?? 0, sale: e.newSalePriceCents });
  }
}

// ---------------------------------------------------------------- comparing with now

export interface DiffLine {
  productId: number;
  variantId: number | null;
  name: string;
  sku: string | null;
  backup: ItemPrices;
  current: ItemPrices;
  changes: BackupChange[];
}

export interface Comparison {
  items: DiffLine[];
  unchanged: number;
  removed: number;
  added: number;
}

const itemKey = (productId: number, variantId: number | null) => (variantId === null ? `p${productId}` : `v${variantId}`);

/**
 * The items whose prices differ between `state` (a backup, or the prices at a moment) and the
 * catalog now, by product then variant, each with what changed it since `since` from the price
 * history: a work order and its title, a manual edit and who made it, or a change the sync found
 * in the store.
 */
export async function compareWithCatalog(
  db: Database, companyId: string, state: PriceState, since: Date, opts: { changes?: boolean; now?: Date } = {},
): Promise<Comparison> {
  const now = opts.now ?? new Date();
  const catalog = await db.backups.catalogPrices(companyId);
  const current = stateOfCatalog(catalog);
  const products = new Map(catalog.products.map((p) => [p.externalId, p]));
  const skus = new Map(catalog.variants.map((v) => [v.externalId, v.variantSku]));
  const items: DiffLine[] = [];
  let unchanged = 0;
  let removed = 0;
  const line = (productId: number, variantId: number | null, backup: ItemPrices, present: ItemPrices | undefined) => {
    if (!present) {
      removed += 1;
      return;
    }
    if (present.regular === backup.regular && present.sale === backup.sale) {
      unchanged += 1;
      return;
    }
    const product = products.get(productId);
    items.push({
      productId, variantId,
      name: product?.name ?? `Product ${productId}`,
      sku: variantId === null ? (product?.sku ?? null) : (skus.get(variantId) ?? null),
      backup: { regular: backup.regular, sale: backup.sale },
      current: { regular: present.regular, sale: present.sale },
      changes: [],
    });
  };
  for (const [id, p] of state.products) line(id, null, p, current.products.get(id));
  for (const [id, v] of state.variants) line(v.productId, id, v, current.variants.get(id));
  let added = 0;
  for (const id of current.products.keys()) if (!state.products.has(id)) added += 1;
  for (const id of current.variants.keys()) if (!state.variants.has(id)) added += 1;
  items.sort((a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0));
  if (items.length > 0 && opts.changes !== false) await attachChanges(db, companyId, items, since, now);
  return { items, unchanged, removed, added };
}

/** Each line's latest price-history entries after `since`, newest first, with order titles and people's names. */
async function attachChanges(db: Database, companyId: string, items: DiffLine[], since: Date, now: Date) {
  const byKey = new Map(items.map((i) => [itemKey(i.productId, i.variantId), i]));
  const entries = await db.priceHistory.listForCompany(companyId, { after: since, until: now });
  const kept = new Map<DiffLine, ListedPriceHistoryEntry[]>();
  for (const e of entries) {
    const item = byKey.get(itemKey(e.productExternalId, e.variantExternalId));
    if (!item) continue;
    const list = kept.get(item) ?? [];
    list.push(e);
    if (list.length > MAX_LISTED_CHANGES) list.shift();
    kept.set(item, list);
  }
  const users = new Map((await db.users.listByCompany(companyId)).map((u) => [u.id, displayName(u)]));
  const titles = await orderTitles(db, companyId, [...kept.values()].flat().map((e) => e.workOrderId));
  for (const [item, list] of kept) {
    item.changes = list.reverse().map((e) => ({
      changeType: e.changeType,
      at: e.createdAt.toISOString(),
      workOrderId: e.workOrderId,
      workOrderTitle: e.workOrderId ? (titles.get(e.workOrderId) ?? null) : null,
      changedBy: e.changedBy ? (users.get(e.changedBy) ?? null) : null,
    }));
  }
}

// ---------------------------------------------------------------- restoring

/** The products and variants a restore may be limited to (absent: every line). */
export interface RestoreSelection {
  items?: ReadonlyArray<{ productId: number; variantId?: number | null }>;
}

/**
 * The work-order items that put the selected lines back to the backup's prices: only the prices
 * that differ are set (a variant's null makes it inherit its product's again, a product's null
 * sale price clears its sale). Lines whose product left the catalog meanwhile are skipped.
 */
export async function restoreItems(db: Database, companyId: string, lines: readonly DiffLine[], selection: RestoreSelection): Promise<WorkOrderItem[]> {
  const wanted = selection.items ? new Set(selection.items.map((i) => itemKey(i.productId, i.variantId ?? null))) : null;
  const chosen = wanted ? lines.filter((l) => wanted.has(itemKey(l.productId, l.variantId))) : [...lines];
  const local = new Map((await db.products.getByExternalIds(companyId, [...new Set(chosen.map((l) => l.productId))])).map((p) => [p.externalId, p]));
  const items: WorkOrderItem[] = [];
  for (const l of chosen) {
    const product = local.get(l.productId);
    const variant = l.variantId === null ? null : product?.variants.find((v) => v.externalId === l.variantId);
    if (!product || variant === undefined) continue;
    const item: WorkOrderItem = {
      productId: product.id,
      productName: product.name,
      variantId: variant?.id ?? null,
      variantSku: variant ? variant.variantSku : null,
      externalProductId: product.externalId,
      externalVariantId: variant?.externalId ?? null,
    };
    if (l.backup.regular !== l.current.regular) item.newRegularPriceCents = l.backup.regular;
    if (l.backup.sale !== l.current.sale) item.newSalePriceCents = l.backup.sale;
    items.push(item);
  }
  return items;
}
