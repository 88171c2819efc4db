/** A restore: the work-order items that put the compared lines (backup-compare.ts, backup-compare-records.ts) back to a backup's prices. */
import type { Database, WorkOrderItem } from '../../db/repositories';
import { itemKey, type DiffLine } from './backup-compare';
import type { RecordLine } from './backup-compare-records';

/** The products and variants (a price list's: the variants) a restore may be limited to (absent: every line). */
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

/**
 * A price list restore's items (issue 35): the work-order items of a price list order that put
 * the selected records back (backup-compare-records.ts), each naming its variant (a product
 * without options: the product's item with its base variant's id, as the work-order routes store
 * it). A record missing now is made again with its price, sale and retail price; one that exists
 * gets back those that differ; one made since (none then) is removed. Lines that are not
 * restorable, or whose variant left the catalog meanwhile, are skipped.
 */
export async function restoreRecordItems(db: Database, companyId: string, lines: readonly RecordLine[], selection: RestoreSelection): Promise<WorkOrderItem[]> {
  const wanted = selection.items ? new Set(selection.items.map((i) => i.variantId ?? null)) : null;
  const chosen = lines.filter((l) => l.restorable && (!wanted || wanted.has(l.variantId)));
  const local = new Map((await db.products.getByExternalIds(companyId, [...new Set(chosen.map((l) => l.productId))])).map((p) => [p.externalId, p]));
  const items: WorkOrderItem[] = [];
  for (const l of chosen) {
    const product = local.get(l.productId);
    const base = product?.baseVariantId === l.variantId;
    const variant = base ? null : product?.variants.find((v) => v.externalId === l.variantId);
    if (!product || variant === undefined) continue;
    const item: WorkOrderItem = {
      productId: product.id,
      productName: product.name,
      variantId: variant?.id ?? null,
      variantSku: variant ? variant.variantSku : null,
      externalProductId: product.externalId,
      externalVariantId: l.variantId,
    };
    const was = l.backup;
    const now = l.current;
    if (!was) {
      items.push({ ...item, removeRecord: true });
      continue;
    }
    if (!now || was.price !== now.price) item.newRegularPriceCents = was.price;
    if (!now || was.sale !== now.sale) item.newSalePriceCents = was.sale;
    if (!now || was.retail !== now.retail) item.newRetailPriceCents = was.retail;
    items.push(item);
  }
  return items;
}
