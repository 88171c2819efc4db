/**
 * The lows to publish for a company (issue 36 item 3): every variant on sale in the catalog now
 * (its sale price, or its product's that it inherits, above 0: contracts isOnSale; a product
 * without options: its base variant), when its sale began and its lowest price in the `days`
 * before (sale-start.ts). A variant whose sale began before its prices were followed, whose
 * sale was not followed all along, or whose window is wholly unknown has no low (it is left out).
 *
 * Read from the database only: the products on sale a chunk at a time, and for each chunk the
 * price history in a window that reaches back `days` before the sale could have begun. It begins
 * at `days` before now; the variants whose sale began earlier are read again over a window four
 * times as long, and so on, until it reaches back to when the company's prices were first followed.
 */
import { isOnSale } from '@catalog/contracts/money';
import type { CoverageSpan, Database, ItemChanges, PriceItem, ProductWithVariants } from '../../db/repositories';
import { itemKey } from '../../db/repository-shared.lowest-price';
import { layerSteps, type Prices } from '../lowest-price/price-steps';
import { type CatalogLayers, lowBefore, saleStart } from './sale-start';

const DAY_MS = 86_400_000;
/** Products read and computed at once: the history of their variants is two statements (decision 063). */
const PRODUCTS_PER_CHUNK = 500;

export interface SaleLow {
  /** The store's variant id. */
  variantId: number;
  lowCents: number;
  /** When its current sale began: the end of the window the low is from. */
  saleStart: Date;
}

/** A variant on sale now: its row (none for a base variant), its own prices, its sale price. */
interface OnSale {
  product: ProductWithVariants;
  variantId: number;
  variantRowId: string | null;
  own: Prices | null;
  saleCents: number;
}

function onSaleOf(products: readonly ProductWithVariants[]): OnSale[] {
  return products.flatMap((product): OnSale[] => {
    const live = product.variants.filter((v) => v.deletedAt === null);
    const rows = live.length > 0
      ? live.map((v) => ({ variantId: v.externalId, variantRowId: v.id as string | null, own: { regular: v.regularPriceCents, sale: v.salePriceCents } as Prices | null }))
      : product.baseVariantId === null ? [] : [{ variantId: product.baseVariantId, variantRowId: null, own: null }];
    return rows.flatMap((row) => {
      const sale = row.own?.sale ?? product.salePriceCents;
      return sale !== null && isOnSale(sale) ? [{ product, ...row, saleCents: sale }] : [];
    });
  });
}

/** The layers of a variant from the changes read (`from`: the window's start). */
function layersOf(slot: OnSale, changes: ReadonlyMap<string, ItemChanges>, from: Date): CatalogLayers {
  const productNow: Prices = { regular: slot.product.regularPriceCents, sale: slot.product.salePriceCents };
  const steps = (key: string, current: Prices) => {
    const found = changes.get(key);
    return found ? layerSteps(found, from, current) : [{ at: from.getTime(), ...current }];
  };
  return {
    product: steps(itemKey(slot.product.id, null), productNow),
    variant: slot.variantRowId && slot.own ? steps(itemKey(slot.product.id, slot.variantRowId), slot.own) : null,
  };
}

interface Followed {
  /** The spans the company's prices were followed, oldest first. */
  spans: readonly CoverageSpan[];
  /** When the first began. */
  since: number;
}

/** The lows of the variants on sale among these products. */
async function lowsOf(db: Database, companyId: string, products: readonly ProductWithVariants[], days: number, now: number, followed: Followed): Promise<SaleLow[]> {
  const { spans } = followed;
  const found: SaleLow[] = [];
  let pending = onSaleOf(products);
  for (let lookback = days * DAY_MS; pending.length > 0; lookback *= 4) {
    const from = new Date(now - lookback - days * DAY_MS);
    const items = new Map<string, PriceItem>();
    for (const s of pending) {
      items.set(itemKey(s.product.id, null), { productId: s.product.id, variantId: null });
      if (s.variantRowId) items.set(itemKey(s.product.id, s.variantRowId), { productId: s.product.id, variantId: s.variantRowId });
    }
    const read = await db.lowestPrice.itemChanges(companyId, [...items.values()], null, { from, to: new Date(now + 1) });
    const changes = new Map(read.map((c) => [itemKey(c.productId, c.variantId), c]));
    const later: OnSale[] = [];
    for (const slot of pending) {
      const layers = layersOf(slot, changes, from);
      const start = saleStart(layers, slot.saleCents);
      if (start === null) continue;
      if (start >= now - lookback) {
        const low = lowBefore(layers, start, days, spans, now);
        if (low) found.push({ variantId: slot.variantId, lowCents: low.cents, saleStart: new Date(start) });
      } else if (now - lookback > followed.since) {
        later.push(slot);
      }
      // Otherwise the sale began before the prices were followed: when is unknown, and so is its low.
    }
    pending = later;
  }
  return found;
}

/** Every variant on sale in the company's catalog now with a known low, in store variant id order. */
export async function saleLows(db: Database, companyId: string, options: { days: number; now: Date }): Promise<SaleLow[]> {
  const now = options.now.getTime();
  const spans = await db.lowestPrice.coverage(companyId, { from: new Date(0), to: new Date(now + 1) });
  const first = spans[0];
  if (!first) return [];
  const ids = await db.products.listIds(companyId, { filters: { onSale: true } });
  const found: SaleLow[] = [];
  for (let i = 0; i < ids.length; i += PRODUCTS_PER_CHUNK) {
    const products = await db.products.getByExternalIds(companyId, ids.slice(i, i + PRODUCTS_PER_CHUNK));
    found.push(...(await lowsOf(db, companyId, products, options.days, now, { spans, since: first.startedAt.getTime() })));
  }
  return found.sort((a, b) => a.variantId - b.variantId);
}
