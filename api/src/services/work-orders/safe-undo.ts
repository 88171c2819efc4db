/**
 * The safe undo (issue 18, DESIGN "Safe revert"), pure: for each item of an order, its prices
 * before the order (the snapshot), what the order wrote (applied) and what the store has now
 * (read just before the undo) decide what happens to it:
 * - still at what the order set: restored to its original;
 * - changed since (by a later order, an edit, or in the store): kept, unless the merchant forces it;
 * - already at its original (or gone from the store): nothing to do.
 * A price list record the order removed is put back while the list still has none (classifyRemoval).
 * Only the fields the order set are compared; a product's sale price of 0 and none are one
 * ("not on sale", contracts' salePriceOrNull), a variant's null (inherit) is its own value.
 */
import { formatCents } from '@catalog/contracts/money';
import type { PriceChangeSource, RevertItem, RevertOutcome, RevertReport } from '@catalog/contracts/work-orders';
import type { PriceHistoryEntry, PriceSnapshot } from '../../db/repositories';
import { localRetail, localSale, restoreTargets, type PriceTarget } from './price-plan';

/** A store's current prices of one target; null when the store no longer has it. */
export type CurrentPrices = { regular: number | null; sale: number | null; retail?: number | null } | null;

export interface ClassifiedItem {
  /** What the order wrote. */
  target: PriceTarget;
  /** The same fields set back to the snapshot. */
  restore: PriceTarget;
  original: PriceSnapshot;
  current: CurrentPrices;
  outcome: RevertOutcome;
  /** Changed since the order ran (kept unless forced). */
  changedSince: boolean;
}

type FieldState = 'original' | 'applied' | 'other';

function fieldState(current: number | null, original: number | null, applied: number | null): FieldState {
  if (current === original) return 'original';
  if (current === applied) return 'applied';
  return 'other';
}

/** Classifies every target; with `force`, items changed since are restored too. */
export function classifyRevert(
  targets: readonly PriceTarget[],
  snapshot: ReadonlyMap<string, PriceSnapshot>,
  current: ReadonlyMap<string, CurrentPrices>,
  force: boolean,
): ClassifiedItem[] {
  const restores = restoreTargets(targets, snapshot);
  return targets.map((target, i) => {
    const original = snapshot.get(target.key)!;
    const now = current.get(target.key) ?? null;
    const restore = restores[i]!;
    if (target.record?.remove) return classifyRemoval(target, restore, original, now, force);
    if (now === null) return { target, restore, original, current: null, outcome: 'unchanged', changedSince: false };
    const states: FieldState[] = [];
    if (target.regularPriceCents !== undefined) {
      states.push(fieldState(now.regular, original.regularPriceCents, target.regularPriceCents));
    }
    if (target.salePriceCents !== undefined) {
      const sale = (cents: number | null) => localSale(target.kind, cents) ?? null;
      states.push(fieldState(sale(now.sale), sale(original.salePriceCents), sale(target.salePriceCents)));
    }
    if (target.retailPriceCents !== undefined) {
      const retail = (cents: number | null | undefined) => localRetail(target.kind, cents) ?? null;
      states.push(fieldState(retail(now.retail), retail(original.retailPriceCents), retail(target.retailPriceCents)));
    }
    const changedSince = states.includes('other');
    const outcome: RevertOutcome = changedSince ? (force ? 'restored' : 'kept') : states.includes('applied') ? 'restored' : 'unchanged';
    return { target, restore, original, current: now, outcome, changedSince };
  });
}

/**
 * An item that removed a price list record: still without one, it is put back (the snapshot's
 * record); with one again (made in the store since), kept unless forced; where the order found
 * none to remove, nothing to do.
 */
function classifyRemoval(target: PriceTarget, restore: PriceTarget, original: PriceSnapshot, now: CurrentPrices, force: boolean): ClassifiedItem {
  if (!original.priceList?.exists) return { target, restore, original, current: now, outcome: 'unchanged', changedSince: false };
  if (now === null) return { target, restore, original, current: null, outcome: 'restored', changedSince: false };
  return { target, restore, original, current: now, outcome: force ? 'restored' : 'kept', changedSince: true };
}

/** The targets to write: the restored items' original prices. */
export function restoreWrites(items: readonly ClassifiedItem[]): PriceTarget[] {
  return items.filter((i) => i.outcome === 'restored').map((i) => i.restore);
}

/** Items a report lists beyond the kept ones (a 10,000-item order keeps a readable report). */
export const REPORT_LISTED_ITEMS = 500;

const money = (cents: number | null) => (cents === null ? null : formatCents(cents));

/**
 * The report kept on the order (and shown by the undo preview): the counts, and the items,
 * those changed since first, each with what changed it (`sources`, by target key).
 */
export function revertReport(
  items: readonly ClassifiedItem[],
  force: boolean,
  sources: ReadonlyMap<string, PriceChangeSource>,
  names: ReadonlyMap<string, { productName: string; variantSku: string | null }>,
): RevertReport {
  const count = (o: RevertOutcome) => items.filter((i) => i.outcome === o).length;
  const changed = items.filter((i) => i.changedSince);
  const rest = items.filter((i) => !i.changedSince).slice(0, REPORT_LISTED_ITEMS);
  const listed = [...changed, ...rest].map((i): RevertItem => {
    const t = i.target;
    const name = names.get(t.key);
    const applied: RevertItem['applied'] = {};
    if (t.regularPriceCents !== undefined) applied.regularPrice = money(t.regularPriceCents);
    if (t.salePriceCents !== undefined) applied.salePrice = money(t.salePriceCents);
    if (t.retailPriceCents !== undefined) applied.retailPrice = money(t.retailPriceCents);
    return {
      productId: t.externalProductId,
      variantId: t.kind === 'product' ? null : t.externalId,
      productName: name?.productName ?? t.label,
      variantSku: name?.variantSku ?? null,
      outcome: i.outcome,
      original: {
        regularPrice: money(i.original.regularPriceCents), salePrice: money(i.original.salePriceCents),
        ...(t.retailPriceCents !== undefined ? { retailPrice: money(i.original.retailPriceCents ?? null) } : {}),
      },
      applied,
      current: i.current && {
        regularPrice: money(i.current.regular), salePrice: money(i.current.sale),
        ...(t.retailPriceCents !== undefined ? { retailPrice: money(i.current.retail ?? null) } : {}),
      },
      changedBy: i.changedSince ? sources.get(t.key) ?? storeChange(null) : null,
    };
  });
  return { restored: count('restored'), kept: count('kept'), unchanged: count('unchanged'), forced: force, items: listed };
}

function storeChange(at: Date | null): PriceChangeSource {
  return { kind: 'store', workOrderId: null, workOrderTitle: null, by: null, at: at?.toISOString() ?? null };
}

/** The item a target's history entries name: our product and variant, and a record's list and currency (none: the catalog's prices). */
export interface HistoryItem {
  productId: string;
  variantId: string | null;
  priceListId?: number | null;
  currency?: string | null;
}

const sameItem = (e: PriceHistoryEntry, item: HistoryItem) => e.productId === item.productId && e.variantId === item.variantId
  && (e.priceListId ?? null) === (item.priceListId ?? null) && (e.currency ?? null) === (item.currency ?? null);

/**
 * What changed each target since the order: its newest history entry that is not the order's
 * own (entries newest first), of the same prices (the catalog's, or the same list's record). A
 * later order (or its undo) is named with its title; a manual edit with who made it; a sync's or
 * a webhook's entry is a change found in the store. No entry: the change was seen in the store
 * by this undo's read.
 */
export function changeSources(
  keys: ReadonlyMap<string, HistoryItem>,
  entries: readonly PriceHistoryEntry[],
  orderId: string,
  titles: ReadonlyMap<string, string>,
  people: ReadonlyMap<string, string>,
): Map<string, PriceChangeSource> {
  const sources = new Map<string, PriceChangeSource>();
  for (const [key, ids] of keys) {
    const entry = entries.find((e) => sameItem(e, ids) && e.workOrderId !== orderId);
    if (!entry) continue;
    const at = entry.createdAt.toISOString();
    if ((entry.changeType === 'work_order' || entry.changeType === 'undo') && entry.workOrderId) {
      sources.set(key, { kind: 'work_order', workOrderId: entry.workOrderId, workOrderTitle: titles.get(entry.workOrderId) ?? null, by: null, at });
    } else if (entry.changeType === 'manual') {
      sources.set(key, { kind: 'manual', workOrderId: null, workOrderTitle: null, by: entry.changedBy ? people.get(entry.changedBy) ?? null : null, at });
    } else {
      sources.set(key, storeChange(entry.createdAt));
    }
  }
  return sources;
}
