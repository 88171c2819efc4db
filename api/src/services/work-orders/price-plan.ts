/**
 * The pure part of running a work order: what to write to the store (the order's targets, or
 * the snapshot back for an undo or a revert), the price history entries and the local catalog
 * edits that follow a successful run, and the error text of a run that could not finish.
 * No I/O here, so the rules can be read (and tested) in one place.
 */
import { createHash } from 'node:crypto';
import { salePriceOrNull } from '@catalog/contracts/money';
import { targetPrefix, type PriceListTarget } from '@catalog/contracts/work-orders';
import type { NewPriceHistoryEntry, PriceChange, PriceSnapshot, RecordChange, WorkOrder, WorkOrderItem } from '../../db/repositories';

/**
 * What a price list record target writes besides its prices (issue 35). The store replaces a
 * record whole on an upsert, so the fields an order does not set are sent as `base` has them:
 * the record as the snapshot read it (execution, putting back), or as the store has it right
 * before an undo writes (`base` undefined: the writer reads it). `remove`: the record did not
 * exist before the order, so undoing it deletes it (a price of 0 or null would be wrong); or the
 * order's item removes the record (removeRecord), so an undo puts it back as the snapshot had it.
 */
export interface RecordWrite {
  priceListId: number;
  currency: string;
  base?: RecordPrices | null;
  remove?: boolean;
}

/** A price list record's four prices, in cents. */
export interface RecordPrices {
  priceCents: number;
  salePriceCents: number | null;
  retailPriceCents: number | null;
  mapPriceCents: number | null;
}

/** One product, variant or price list record an order sets; `undefined` prices are left as they are. */
export interface PriceTarget {
  /** 'p123' for product 123, 'v456' for variant 456, 'l7:USD:v456' for variant 456's record in list 7 (contracts' itemKeyIn). */
  key: string;
  kind: 'product' | 'variant' | 'record';
  /** The store's id of the product or variant (a record's: its variant's). */
  externalId: number;
  externalProductId: number;
  productId: string;
  variantId: string | null;
  /** For messages: "Product 123", "Variant 456 of product 123". */
  label: string;
  /** A variant's null means "inherit the product's price". */
  regularPriceCents?: number | null;
  /** A product's null (or 0) clears its sale price; a variant's null inherits the product's. */
  salePriceCents?: number | null;
  /** The retail price (MSRP, issue 19): a product's null (or 0) is none; a variant's null inherits the product's. */
  retailPriceCents?: number | null;
  /** Set for kind 'record' only. */
  record?: RecordWrite;
}

export type HistoryPhase = 'work_order' | 'undo';

export const targetKey = (kind: 'product' | 'variant', externalId: number) => `${kind === 'product' ? 'p' : 'v'}${externalId}`;
export const snapshotKey = (s: PriceSnapshot) =>
  s.externalVariantId == null
    ? targetKey('product', s.externalProductId)
    : `${targetPrefix(s.priceList && { priceListId: s.priceList.id, currency: s.priceList.currency })}${targetKey('variant', s.externalVariantId)}`;

/**
 * The order's items as store writes: the catalog's products and variants, or (an order with a
 * `target`) the variants' records in that price list and currency. Items created by the API
 * always carry the store's ids.
 */
export function targetsOf(items: readonly WorkOrderItem[], target: PriceListTarget | null = null): PriceTarget[] {
  const plain = catalogTargets(items);
  if (!target) return plain;
  return plain.map((t, i) => {
    // A product without options is named by its base variant (stored as the product's item with that variant's id).
    const variantId = t.kind === 'variant' ? t.externalId : items[i]!.externalVariantId;
    if (typeof variantId !== 'number') throw new Error(`price list work order item for product ${t.externalProductId} names no variant`);
    const label = t.kind === 'variant' ? t.label : `Variant ${variantId} of product ${t.externalProductId}`;
    return {
      ...t,
      kind: 'record',
      externalId: variantId,
      key: `${targetPrefix(target)}${targetKey('variant', variantId)}`,
      label: `${label} in price list ${target.priceListId} (${target.currency})`,
      record: { priceListId: target.priceListId, currency: target.currency, ...(items[i]!.removeRecord ? { remove: true } : {}) },
    };
  });
}

function catalogTargets(items: readonly WorkOrderItem[]): PriceTarget[] {
  return items.map((item) => {
    const externalProductId = item.externalProductId;
    if (typeof externalProductId !== 'number') throw new Error(`work order item for product ${item.productId} has no store id`);
    const isVariant = item.variantId != null;
    if (isVariant && typeof item.externalVariantId !== 'number') throw new Error(`work order item for variant ${item.variantId} has no store id`);
    const externalId = isVariant ? (item.externalVariantId as number) : externalProductId;
    return {
      key: targetKey(isVariant ? 'variant' : 'product', externalId),
      kind: isVariant ? 'variant' : 'product',
      externalId,
      externalProductId,
      productId: item.productId,
      variantId: item.variantId ?? null,
      label: isVariant ? `Variant ${externalId} of product ${externalProductId}` : `Product ${externalId}`,
      regularPriceCents: item.newRegularPriceCents,
      salePriceCents: item.newSalePriceCents,
      ...(item.newRetailPriceCents !== undefined ? { retailPriceCents: item.newRetailPriceCents } : {}),
    };
  });
}

/**
 * The snapshot's prices for the fields each target sets: what an undo, or the revert of a
 * failed run, writes back. Fields the order did not touch are left alone, so a merchant's later
 * edit of them survives the undo.
 */
export function restoreTargets(targets: readonly PriceTarget[], snapshot: ReadonlyMap<string, PriceSnapshot>): PriceTarget[] {
  return targets.map((t) => {
    const before = snapshot.get(t.key);
    if (!before) throw new Error(`the snapshot has no prices for ${t.label}`);
    const restored: PriceTarget = { ...t, regularPriceCents: undefined, salePriceCents: undefined, retailPriceCents: undefined };
    if (t.record && before.priceList) {
      // A record the order made goes; one it changed gets its fields back over what the store has then.
      restored.record = before.priceList.exists ? { ...t.record, base: undefined } : { ...t.record, base: null, remove: true };
      // One it removed comes back whole, as the snapshot had it.
      if (t.record.remove && before.priceList.exists) return recreated(t, before, before.priceList);
    }
    if (t.regularPriceCents !== undefined) restored.regularPriceCents = before.regularPriceCents;
    if (t.salePriceCents !== undefined) restored.salePriceCents = before.salePriceCents;
    if (t.retailPriceCents !== undefined) restored.retailPriceCents = before.retailPriceCents ?? null;
    return restored;
  });
}

/** The record an item removed, put back as the snapshot read it (its MAP too). */
function recreated(t: PriceTarget, before: PriceSnapshot, list: NonNullable<PriceSnapshot['priceList']>): PriceTarget {
  const base: RecordPrices = {
    priceCents: before.regularPriceCents ?? 0, salePriceCents: before.salePriceCents, retailPriceCents: before.retailPriceCents ?? null, mapPriceCents: list.mapPriceCents,
  };
  return {
    ...t, regularPriceCents: base.priceCents, salePriceCents: base.salePriceCents, retailPriceCents: base.retailPriceCents,
    record: { priceListId: t.record!.priceListId, currency: t.record!.currency, base },
  };
}

/**
 * A product's sale price as kept locally: the store's "not on sale" (0) is null there, as a
 * sync stores it (contracts salePriceOrNull). A variant's is kept as the store has it.
 */
export function localSale(kind: PriceTarget['kind'], cents: number | null | undefined): number | null | undefined {
  return kind === 'product' ? salePriceOrNull(cents) : cents;
}

/**
 * A retail price as compared: a product's 0 is none (null), as BigCommerce's "no MSRP"; a variant's null inherits.
 * @alias the same rule as localSale, named for the field it reads
 */
export const localRetail = localSale;

/** The local catalog edits that make devices pull the prices just written to the store. */
export function localChanges(written: readonly PriceTarget[]): PriceChange[] {
  return written.map((t) => {
    const change: PriceChange = { productId: t.productId, variantId: t.variantId };
    if (t.regularPriceCents !== undefined) change.regularPriceCents = t.regularPriceCents;
    if (t.salePriceCents !== undefined) change.salePriceCents = localSale(t.kind, t.salePriceCents);
    if (t.retailPriceCents !== undefined) change.retailPriceCents = localRetail(t.kind, t.retailPriceCents);
    return change;
  });
}

/**
 * A stable id per (order, phase, item): recording the history of a resumed run a second time
 * collides on the primary key instead of adding duplicates.
 */
export function historyId(orderId: string, phase: HistoryPhase, key: string): string {
  const h = createHash('sha256').update(`work-order-history:${orderId}:${phase}:${key}`).digest('hex');
  // Shaped as a UUID (version nibble 8, RFC 4122 variant) so it sits with the random ones.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A record's prices where the variant has none (the catalog's; null in another currency), by target key. */
export type CatalogSides = ReadonlyMap<string, { regular: number | null; sale: number | null; retail: number | null }>;

/**
 * One entry per item. `from` is what the store had before this phase, `to` what it has after;
 * a field the order does not set shows its snapshot value on both sides. A price list record
 * the phase creates or deletes says so (recordChange), its missing side at the catalog's prices:
 * the snapshot's for a record the order made, `catalog`'s for one an item removes (none where
 * the item found no record to remove: nothing changed).
 */
export function historyEntries(
  order: Pick<WorkOrder, 'id' | 'createdBy'>,
  phase: HistoryPhase,
  targets: readonly PriceTarget[],
  snapshot: ReadonlyMap<string, PriceSnapshot>,
  catalog: CatalogSides = new Map(),
): NewPriceHistoryEntry[] {
  return targets.flatMap((t): NewPriceHistoryEntry[] => {
    const before = snapshot.get(t.key);
    if (!before) throw new Error(`the snapshot has no prices for ${t.label}`);
    const orig = {
      regular: before.regularPriceCents,
      sale: localSale(t.kind, before.salePriceCents) ?? null,
      retail: localRetail(t.kind, before.retailPriceCents) ?? null,
    };
    const existed = before.priceList?.exists ?? true;
    if (t.record?.remove && !existed) return [];
    // What the order's run did to a record: made it where there was none, or removed it (its undo does the other).
    const made: RecordChange | null = t.record?.remove ? 'deleted' : t.record && !existed ? 'created' : null;
    const set = t.record?.remove
      ? catalog.get(t.key) ?? { regular: null, sale: null, retail: null }
      : {
        regular: t.regularPriceCents === undefined ? orig.regular : t.regularPriceCents,
        sale: t.salePriceCents === undefined ? orig.sale : localSale(t.kind, t.salePriceCents) ?? null,
        retail: t.retailPriceCents === undefined ? orig.retail : localRetail(t.kind, t.retailPriceCents) ?? null,
      };
    const [from, to] = phase === 'work_order' ? [orig, set] : [set, orig];
    const recordChange = made && (phase === 'work_order' ? made : made === 'created' ? 'deleted' : 'created');
    return [{
      id: historyId(order.id, phase, t.key),
      productId: t.productId,
      variantId: t.variantId,
      oldRegularPriceCents: from.regular,
      newRegularPriceCents: to.regular,
      oldSalePriceCents: from.sale,
      newSalePriceCents: to.sale,
      // Only an order that sets the MSRP records it (null otherwise: "not part of this change"), and one that removes a record (it goes with it).
      ...(t.retailPriceCents !== undefined || t.record?.remove ? { oldRetailPriceCents: from.retail, newRetailPriceCents: to.retail } : {}),
      ...(t.record ? { priceListId: t.record.priceListId, currency: t.record.currency, recordChange } : {}),
      changeType: phase,
      workOrderId: order.id,
      changedBy: order.createdBy,
    }];
  });
}

/** How many failures an error message names before it says "and N more". */
const NAMED_FAILURES = 3;

/** "Product 123: price must be ... (store said 422); Variant 9 of product 1: ... and 2 more". */
export function listFailures(failures: ReadonlyArray<{ label: string; reason: string }>): string {
  const named = failures.slice(0, NAMED_FAILURES).map((f) => `${f.label}: ${f.reason}`).join('; ');
  const rest = failures.length - NAMED_FAILURES;
  return rest > 0 ? `${named}; and ${rest} more` : named;
}
