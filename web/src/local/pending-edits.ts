/**
 * Price edits waiting in the outbox, as the device shows them: the server's rows with the
 * user's unsent edits laid on top, in queue order, and `pending` flags on what they touch. The
 * pull (catalog-apply.ts) lays them over every page it writes, and the outbox (outbox-queue.ts)
 * over a row whenever an edit is queued, sent, refused or discarded.
 */
import { isOnSale } from '@catalog/contracts/money';
import { PriceEditSentForApproval, type ProductPriceEdit, type VariantPriceEdit } from '@catalog/contracts/products';
import type { CatalogDb, OutboxEntry, PricesBefore, SentForApproval, StoredProduct, StoredVariantSet } from './catalog-db';
import { summarizeVariants } from './variant-summary';

export const isPriceEdit = (e: OutboxEntry) => e.kind === 'productPrice' || e.kind === 'variantPrice';
/** Still to be sent (or on its way): not refused, nor taken by the server as an order awaiting approval. */
export const isOpen = (e: OutboxEntry) => e.status === 'queued' || e.status === 'sending';

/**
 * The server's answer to a price edit when it became a work order awaiting approval (201,
 * issue 31) rather than a price in the store (200: the product or variant); null otherwise.
 */
export function sentForApprovalOf(response: unknown): SentForApproval | null {
  const parsed = PriceEditSentForApproval.safeParse(response);
  if (!parsed.success) return null;
  const { workOrder, message } = parsed.data;
  return { workOrderId: workOrder.id, title: workOrder.title, message };
}

/** The server's answer again, from what the entry kept (a submitter whose edit another tab sent). */
export function sentForApprovalAnswer(approval: SentForApproval): PriceEditSentForApproval {
  return { workOrder: { id: approval.workOrderId, title: approval.title, status: 'awaiting_approval' }, message: approval.message };
}

/** The fields of an edit applied to a row with regularPrice/salePrice. */
function withEdit<T extends { regularPrice: string | null; salePrice: string | null }>(row: T, edit: ProductPriceEdit | VariantPriceEdit): T {
  const next = { ...row };
  if (edit.regularPrice !== undefined) next.regularPrice = edit.regularPrice as T['regularPrice'];
  if (edit.salePrice !== undefined) next.salePrice = edit.salePrice;
  return next;
}

/**
 * Lays the open price edits of the outbox over rows just written or read (products and their
 * variant sets), in queue order, and sets the `pending` flags: what the device shows is the
 * server's row with the user's unsent edits on top. Used by the pull (catalog-apply.ts) and
 * after every local change.
 */
export function overlayPendingEdits(
  entries: readonly OutboxEntry[],
  products: StoredProduct[],
  sets: Map<number, StoredVariantSet>,
): void {
  const byProduct = new Map<number, OutboxEntry[]>();
  for (const e of entries) {
    if (!isPriceEdit(e) || !isOpen(e) || e.productId === undefined) continue;
    const list = byProduct.get(e.productId);
    if (list) list.push(e);
    else byProduct.set(e.productId, [e]);
  }
  for (const [productId, set] of sets) {
    const edits = byProduct.get(productId)?.filter((e) => e.kind === 'variantPrice') ?? [];
    set.variants = set.variants.map((v) => {
      const mine = edits.filter((e) => e.variantId === v.id);
      let next = { ...v };
      delete next.pending;
      for (const e of mine) next = withEdit(next, e.request.body as VariantPriceEdit);
      return mine.length ? { ...next, pending: true } : next;
    });
  }
  for (let i = 0; i < products.length; i++) {
    const row = products[i]!;
    const edits = byProduct.get(row.id) ?? [];
    let next: StoredProduct = { ...row };
    delete next.pending;
    for (const e of edits) if (e.kind === 'productPrice') next = withEdit(next, e.request.body as ProductPriceEdit);
    const set = sets.get(row.id);
    if (set) {
      next.variantsOnSale = set.variants.filter((v) => isOnSale(v.salePrice)).length;
      next.variantSummary = summarizeVariants(set.variants);
    }
    next.onSale = isOnSale(next.salePrice) || next.variantsOnSale > 0;
    if (edits.length) next.pending = true;
    products[i] = next;
  }
}

/**
 * Rewrites a product's row and variant row from their current state plus the open edits
 * (inside a transaction over products, variants and outbox). `restore` puts fields back first
 * (an edit that was refused or discarded).
 */
export async function relayProduct(db: CatalogDb, productId: number, restore?: { variantId?: number; before: PricesBefore; edit: ProductPriceEdit | VariantPriceEdit }): Promise<void> {
  const [row, set, entries] = await Promise.all([
    db.products.get(productId),
    db.variants.get(productId),
    db.outbox.toArray(),
  ]);
  if (!row) return;
  const products = [row];
  const sets = new Map<number, StoredVariantSet>(set ? [[productId, set]] : []);
  if (restore) {
    // Only the fields the edit changed go back; later edits are laid over again below.
    const back = (target: { regularPrice: string | null; salePrice: string | null }) => {
      const next = { ...target };
      if (restore.edit.regularPrice !== undefined) next.regularPrice = restore.before.regularPrice;
      if (restore.edit.salePrice !== undefined) next.salePrice = restore.before.salePrice;
      return next;
    };
    if (restore.variantId === undefined) products[0] = back(row) as StoredProduct;
    else if (set) set.variants = set.variants.map((v) => (v.id === restore.variantId ? back(v) as typeof v : v));
  }
  overlayPendingEdits(entries, products, sets);
  await db.products.put(products[0]!);
  if (set) await db.variants.put(sets.get(productId)!);
}

