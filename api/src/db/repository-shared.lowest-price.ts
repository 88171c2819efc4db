/**
 * What the lowest prior price's twin repositories share (issue 36): how a row of an item's
 * change reads back, and how the answers of the statements are put together per item.
 */
import type { ItemChanges, ItemPriceChange, PriceItem } from './repositories.lowest-price';
import type { RecordChange } from './repositories.price-history';

/** A change as both dialects' statements read it: [at (ms), old regular, old sale, new regular, new sale, record change]. */
export type ChangeTuple = [number | string, number | null, number | null, number | null, number | null, string | null];

export function toChange(t: ChangeTuple): ItemPriceChange {
  return { at: new Date(Number(t[0])), oldRegular: t[1], oldSale: t[2], newRegular: t[3], newSale: t[4], recordChange: recordChangeOf(t[5]) };
}

/** A row's record_change as the history means it (anything else, or none: neither). */
export function recordChangeOf(value: string | null | undefined): RecordChange | null {
  return value === 'created' || value === 'deleted' ? value : null;
}

/** The key of an item in a map of answers. */
export const itemKey = (productId: string, variantId: string | null): string => `${productId}\u0000${variantId ?? ''}`;

/** One answer per item, in their order: the seeks' (at start, first after) and the window's changes (in any order: sorted here, oldest first). */
export function assembleItemChanges(
  items: readonly PriceItem[],
  seeks: ReadonlyMap<string, { atStart: ItemPriceChange | null; firstAfter: ItemPriceChange | null }>,
  window: ReadonlyArray<{ productId: string; variantId: string | null; change: ItemPriceChange }>,
): ItemChanges[] {
  const inWindow = new Map<string, ItemPriceChange[]>();
  for (const row of window) {
    const key = itemKey(row.productId, row.variantId);
    const list = inWindow.get(key);
    if (list) list.push(row.change);
    else inWindow.set(key, [row.change]);
  }
  const oldestFirst = (a: ItemPriceChange, b: ItemPriceChange) => a.at.getTime() - b.at.getTime();
  return items.map((item) => {
    const key = itemKey(item.productId, item.variantId);
    const seek = seeks.get(key);
    return { ...item, atStart: seek?.atStart ?? null, firstAfter: seek?.firstAfter ?? null, inWindow: inWindow.get(key)?.sort(oldestFirst) ?? [] };
  });
}
