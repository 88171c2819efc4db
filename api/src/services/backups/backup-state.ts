/**
 * The prices a backup holds (backups.ts says how backups are stored): a catalog's and its price
 * list records (issue 35), a work order's snapshot over them, a backup read back whole, and the
 * prices at any moment (the nearest earlier backup plus the price history since).
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { formatDateTime } from '@catalog/contracts/date-time';
import { salePriceOrNull } from '@catalog/contracts/money';
import type {
  BackedUpRecordRow, BackupRow, CatalogPrices, Database, ListedPriceHistoryEntry, PriceSnapshot, StoredBackup,
} from '../../db/repositories';
import { applyDeltaInPlace, decode, type PriceState } from './backup-codec';
import { applyRecordEntries, recordStateOf, withRecordSnapshot } from './backup-record-state';

/** Deltas in a row before a backup is stored whole again: a read applies at most this many. */
export const MAX_CHAIN = 30;

/** The prices of a catalog as the data layer reads them, and its price list records when read too. */
export function stateOfCatalog(catalog: CatalogPrices, records?: readonly BackedUpRecordRow[]): PriceState {
  return {
    products: new Map(catalog.products.map((p) => [p.externalId, { regular: p.regularPriceCents, sale: p.salePriceCents }])),
    variants: new Map(catalog.variants.map((v) => [v.externalId, { productId: v.productExternalId, regular: v.regularPriceCents, sale: v.salePriceCents }])),
    records: records ? recordStateOf(records) : null,
  };
}

/**
 * `state` with a work order's snapshot (the store's prices of its items, read just before it
 * wrote) over it. The store says "not on sale" with 0 where the app keeps null (a product's
 * sale price, contracts salePriceOrNull); a variant's prices are kept as the store has them.
 * A price list order's entries are records (withRecordSnapshot).
 */
export function withSnapshot(state: PriceState, snapshot: readonly PriceSnapshot[]): PriceState {
  const products = new Map(state.products);
  const variants = new Map(state.variants);
  const records = state.records && withRecordSnapshot(state.records, snapshot);
  for (const s of snapshot) {
    if (s.priceList) continue;
    if (s.externalVariantId == null) {
      const before = products.get(s.externalProductId);
      products.set(s.externalProductId, { regular: s.regularPriceCents ?? before?.regular ?? 0, sale: salePriceOrNull(s.salePriceCents) });
    } else {
      variants.set(s.externalVariantId, { productId: s.externalProductId, regular: s.regularPriceCents, sale: s.salePriceCents });
    }
  }
  return { products, variants, records };
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

/**
 * The catalog's prices at `at`: the newest listed backup taken at or before it, with every price
 * change recorded after that backup up to `at` applied (each history entry holds an item's two
 * prices after the change; a price list's entries change its records). 404 when no backup is that old.
 */
export async function stateAt(db: Database, companyId: string, at: Date): Promise<{ base: BackupRow; state: PriceState }> {
  const base = await db.backups.latestAt(companyId, at);
  if (!base) {
    throw new ApiError(ErrorCode.NOT_FOUND, `There is no backup from before ${formatDateTime(at, 'UTC')} (UTC): prices can be rebuilt from the first backup on.`);
  }
  const state = await readBackupState(db, companyId, base);
  const entries = await db.priceHistory.listForCompany(companyId, { after: base.createdAt, until: at });
  for (const e of entries) if (e.priceListId == null) applyEntry(state, e);
  if (state.records) await applyRecordEntries(db, companyId, state.records, entries);
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
