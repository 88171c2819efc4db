/**
 * A merchant's price edit of one product or one variant (PUT /api/products/{id}, PUT
 * /api/variants/{id}): the store first, then our copy. Only fields that differ from our copy
 * are sent to the store; an edit that changes nothing answers with the current prices and
 * touches neither side. When the store refuses or fails, nothing changes here.
 *
 * After the store accepted: one 'manual' history entry (both prices, an untouched one as
 * old = new, changedBy = the caller), then the prices with a new change version (devices pull
 * them). History goes first, as the work-order executor does: with an Idempotency-Key its id is
 * derived from the key, so a replay that has to run again (its first run died after the store
 * write) adds no second entry, whatever step the first run reached.
 *
 * The gate (issue 31, decision 048): an edit passes the same gate as a work order. A blocking
 * guardrail refuses it (422 GUARDRAIL naming the edited fields); a member's edit while the company
 * requires approval becomes a one-item work order awaiting approval (201, nothing written to the
 * store), which an owner or admin approves like any other order.
 *
 * Sale prices: a product's cleared sale price is null here and 0 at the store (BigCommerce
 * refuses null; the commerce client sends 0); a product sale price of "0.00" means the same
 * (contracts salePriceOrNull). A variant's null means "inherit the product's" and is sent as
 * null (decision 011).
 */
import { createHash } from 'node:crypto';
import type { BigCommerceClient } from '@catalog/commerce';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { parseMoney, salePriceOrNull } from '@catalog/contracts/money';
import { editSentForApprovalMessage } from '@catalog/contracts/price-gate';
import {
  priceEditOrderTitle, type PriceEditSentForApproval, type Product, type ProductPriceEdit, type Variant, type VariantPriceEdit,
} from '@catalog/contracts/products';
import { tooManyOrdersMessage, WORK_ORDER_CAPS } from '@catalog/contracts/work-order-rules';
import { WorkOrderCapError } from '../../db/repositories.work-orders';
import { GateRefusal, passGate } from '../price-gate';
import { NotFoundError, UniqueViolationError } from '../../db/errors';
import type { Database, NewPriceHistoryEntry, PriceChange, User, WorkOrderItem } from '../../db/repositories';
import type { SecretBox } from '../../lib/secrets';
import { connectedStore, type CommerceFactory } from '../store-connection';
import { toWireProduct, toWireVariant } from './catalog-wire';
import { storeWriteError } from './store-write-errors';
import { notePricesChanged } from '../prior-price-metafields/prices-changed';

/** How long a merchant waits for the store (retries included) before the edit fails. */
export const STORE_WRITE_TIMEOUT_MS = 20_000;

export interface PriceEditDeps {
  db: Database;
  commerce: CommerceFactory;
  secrets: SecretBox;
  storeTimeoutMs?: number;
}

interface EditContext<E> {
  user: Pick<User, 'id' | 'companyId' | 'role'>;
  /** The store's id of the product or variant. */
  externalId: number;
  edit: E;
  idempotencyKey?: string;
}

interface Prices {
  regular: number | null;
  sale: number | null;
}

const cents = (value: string | null): number | null => (value === null ? null : parseMoney(value));

/** The edit's target prices where they differ from `current`; null when nothing would change. */
function changedFields(current: Prices, edit: { regularPrice?: string | null; salePrice?: string | null }, zeroSaleIsNone: boolean) {
  const next: { regular?: number | null; sale?: number | null } = {};
  if (edit.regularPrice !== undefined && cents(edit.regularPrice) !== current.regular) next.regular = cents(edit.regularPrice);
  if (edit.salePrice !== undefined) {
    const sale = cents(edit.salePrice);
    const wanted = zeroSaleIsNone ? salePriceOrNull(sale) : sale;
    if (wanted !== current.sale) next.sale = wanted;
  }
  return next.regular === undefined && next.sale === undefined ? null : next;
}

/** A UUID-shaped id from the key and the target ('p123', 'v456'), stable across replays. */
export function manualHistoryId(companyId: string, key: string, target: string): string {
  const h = createHash('sha256').update(`manual-price-edit:${companyId}:${key}:${target}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function storeWrite<T>(deps: PriceEditDeps, companyId: string, what: string, write: (client: BigCommerceClient, signal: AbortSignal) => Promise<T>) {
  const client = await connectedStore(deps, companyId);
  const timeoutMs = deps.storeTimeoutMs ?? STORE_WRITE_TIMEOUT_MS;
  try {
    await write(client, AbortSignal.timeout(timeoutMs));
  } catch (err) {
    throw storeWriteError(err, what, timeoutMs);
  }
}

/**
 * The gate for a manual edit: 'run' to write it now; an order awaiting approval (its answer) when
 * the company requires approval of the caller; 422 GUARDRAIL naming the edited fields when it
 * breaks a blocking rule.
 */
async function gateEdit(
  deps: PriceEditDeps, ctx: EditContext<{ regularPrice?: string | null; salePrice?: string | null }>, item: WorkOrderItem,
): Promise<'run' | PriceEditSentForApproval> {
  const { db } = deps;
  const { companyId } = ctx.user;
  let outcome;
  try {
    outcome = await passGate(db, { path: 'manualEdit', companyId, role: ctx.user.role, items: [item] });
  } catch (err) {
    if (!(err instanceof GateRefusal)) throw err;
    // The rules as the edit's own fields: the regular price, and the sale price when it was edited.
    const label = Object.values(err.fields ?? {}).join('; ');
    const fields = Object.fromEntries(Object.keys(ctx.edit).map((field) => [field, label]));
    throw new ApiError(ErrorCode.GUARDRAIL, err.message.replace('This order breaks', 'This price breaks'), { fields });
  }
  if (outcome === 'run') return 'run';
  const settings = await db.settings.get(companyId);
  const title = priceEditOrderTitle(item.productName, item.variantSku ?? null);
  const { order } = await db.workOrders.create(companyId, {
    title, productUpdates: [item], executeImmediately: true, createdBy: ctx.user.id,
    storeHash: settings?.storeHash ?? null, awaitingApproval: true, caps: WORK_ORDER_CAPS,
  }).catch((err: unknown) => {
    if (err instanceof WorkOrderCapError) throw new ApiError(ErrorCode.TOO_MANY_ORDERS, tooManyOrdersMessage(err.cap));
    throw err;
  });
  return { workOrder: { id: order.id, title: order.title, status: 'awaiting_approval' }, message: editSentForApprovalMessage(order.title) };
}

/** History, then the local prices; returns the product as written. */
async function applyLocally(deps: PriceEditDeps, ctx: EditContext<unknown>, entry: NewPriceHistoryEntry, change: PriceChange, target: string) {
  const { db } = deps;
  const { companyId } = ctx.user;
  if (ctx.idempotencyKey) entry.id = manualHistoryId(companyId, ctx.idempotencyKey, target);
  try {
    await db.priceHistory.add(companyId, [entry]);
  } catch (err) {
    // Recorded by an earlier run of this very request.
    if (!(err instanceof UniqueViolationError)) throw err;
  }
  try {
    const [product] = await db.products.setPrices(companyId, [change]);
    if (!product) throw new NotFoundError('product gone');
    // The lowest prior prices published for the storefront follow (issue 36).
    await notePricesChanged(db, companyId);
    return product;
  } catch (err) {
    if (err instanceof NotFoundError) {
      throw new ApiError(ErrorCode.CONFLICT, 'The store has the new price, but the product was removed here meanwhile. Sync the store to see it again.');
    }
    throw err;
  }
}

export async function editProductPrices(deps: PriceEditDeps, ctx: EditContext<ProductPriceEdit>): Promise<Product | PriceEditSentForApproval> {
  const { companyId } = ctx.user;
  const [product] = await deps.db.products.getByExternalIds(companyId, [ctx.externalId]);
  if (!product) throw new ApiError(ErrorCode.NOT_FOUND, 'Product not found');
  const before = { regular: product.regularPriceCents, sale: product.salePriceCents };
  const next = changedFields(before, ctx.edit, true);
  if (!next) return toWireProduct(product);
  const gated = await gateEdit(deps, ctx, {
    productId: product.id, productName: product.name, variantId: null, variantSku: null,
    externalProductId: product.externalId, externalVariantId: null,
    ...(next.regular != null ? { newRegularPriceCents: next.regular } : {}),
    ...(next.sale !== undefined ? { newSalePriceCents: next.sale } : {}),
  });
  if (gated !== 'run') return gated;

  await storeWrite(deps, companyId, 'product', (client, signal) => client.updateProduct({
    id: product.externalId,
    ...(next.regular != null ? { priceCents: next.regular } : {}),
    ...(next.sale !== undefined ? { salePriceCents: next.sale } : {}),
  }, { signal }));

  const after = { regular: next.regular ?? before.regular, sale: next.sale === undefined ? before.sale : next.sale };
  const written = await applyLocally(deps, ctx, {
    productId: product.id, variantId: null, changeType: 'manual', changedBy: ctx.user.id,
    oldRegularPriceCents: before.regular, newRegularPriceCents: after.regular, oldSalePriceCents: before.sale, newSalePriceCents: after.sale,
  }, { productId: product.id, regularPriceCents: next.regular, salePriceCents: next.sale }, `p${product.externalId}`);
  return toWireProduct(written);
}

export async function editVariantPrices(deps: PriceEditDeps, ctx: EditContext<VariantPriceEdit>): Promise<Variant | PriceEditSentForApproval> {
  const { companyId } = ctx.user;
  const found = await deps.db.products.getVariantByExternalId(companyId, ctx.externalId);
  if (!found) throw new ApiError(ErrorCode.NOT_FOUND, 'Variant not found');
  const { variant, productExternalId } = found;
  const before = { regular: variant.regularPriceCents, sale: variant.salePriceCents };
  const next = changedFields(before, ctx.edit, false);
  if (!next) return toWireVariant(variant, productExternalId);
  const [owner] = await deps.db.products.getByExternalIds(companyId, [productExternalId]);
  const gated = await gateEdit(deps, ctx, {
    productId: variant.productId, productName: owner?.name ?? `Product ${productExternalId}`, variantId: variant.id, variantSku: variant.variantSku,
    externalProductId: productExternalId, externalVariantId: variant.externalId,
    ...(next.regular !== undefined ? { newRegularPriceCents: next.regular } : {}),
    ...(next.sale !== undefined ? { newSalePriceCents: next.sale } : {}),
  });
  if (gated !== 'run') return gated;

  await storeWrite(deps, companyId, 'variant', (client, signal) => client.updateVariant({
    id: variant.externalId,
    productId: productExternalId,
    ...(next.regular !== undefined ? { priceCents: next.regular } : {}),
    ...(next.sale !== undefined ? { salePriceCents: next.sale } : {}),
  }, { signal }));

  const after = { regular: next.regular === undefined ? before.regular : next.regular, sale: next.sale === undefined ? before.sale : next.sale };
  const written = await applyLocally(deps, ctx, {
    productId: variant.productId, variantId: variant.id, changeType: 'manual', changedBy: ctx.user.id,
    oldRegularPriceCents: before.regular, newRegularPriceCents: after.regular, oldSalePriceCents: before.sale, newSalePriceCents: after.sale,
  }, { productId: variant.productId, variantId: variant.id, regularPriceCents: next.regular, salePriceCents: next.sale }, `v${variant.externalId}`);
  const updated = written.variants.find((v) => v.id === variant.id);
  if (!updated) throw new ApiError(ErrorCode.CONFLICT, 'The store has the new price, but the variant was removed here meanwhile. Sync the store to see it again.');
  return toWireVariant(updated, written.externalId);
}
