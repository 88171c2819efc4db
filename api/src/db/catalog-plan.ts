/**
 * Dialect-neutral catalog write planning. The dialect repositories load the current rows,
 * ask these functions which rows must be written, allocate that many versions from the
 * company's change sequence and write the rows. Keeping the decisions here means SQLite and
 * PostgreSQL agree on what counts as a change.
 */
import { NotFoundError } from './errors';
import type {
  CatalogChange, ChangesPage, NewPriceHistoryEntry, PriceChange, PriceHistoryEntry, Product, ProductInput,
  ProductVariant, VariantInput,
} from './repositories';

/** Largest price the spec's decimal(10,2) can hold, in cents (99,999,999.99). */
export const MAX_CENTS = 9_999_999_999;

/** Rejects anything that is not whole cents in the stored domain (e.g. 19.9 instead of 1990). */
export function assertCents(value: number | null | undefined, field: string): void {
  if (value === null || value === undefined) return;
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_CENTS) {
    throw new RangeError(`${field} must be whole cents between 0 and ${MAX_CENTS}, got ${value}`);
  }
}

/** JSON with sorted object keys: jsonb reorders keys, so plain JSON.stringify would differ. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

/** Escapes LIKE wildcards; use with `ESCAPE '\'`. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface WritePlan {
  products: Product[];
  variants: ProductVariant[];
}

/** Gives each planned row its own version, consecutive from `first`. */
export function numberRows(plan: WritePlan, first: number): void {
  let v = first;
  for (const row of plan.products) row.version = v++;
  for (const row of plan.variants) row.version = v++;
}

export const rowCount = (plan: WritePlan): number => plan.products.length + plan.variants.length;

export interface UpsertPlan extends WritePlan {
  inserted: number;
  updated: number;
  unchanged: number;
  variantsDeleted: number;
}

interface UpsertContext {
  companyId: string;
  inputs: ProductInput[];
  /** Existing rows (live or tombstoned) whose external id is among the inputs. */
  existingProducts: Product[];
  /** Existing variants of those products, plus any row holding an incoming variant's external id. */
  existingVariants: ProductVariant[];
  now: Date;
  newId: () => string;
}

const PRODUCT_FIELDS = ['name', 'sku', 'description', 'category', 'regularPriceCents', 'salePriceCents',
  'retailPriceCents', 'costPriceCents', 'brand', 'baseVariantId', 'stock', 'weight', 'status', 'isVisible'] as const;
const VARIANT_FIELDS = ['productId', 'variantSku', 'regularPriceCents', 'salePriceCents', 'retailPriceCents', 'costPriceCents',
  'calculatedPriceCents', 'stock'] as const;

function productFields(i: ProductInput): Pick<Product, (typeof PRODUCT_FIELDS)[number]> {
  assertCents(i.regularPriceCents, 'regularPriceCents');
  assertCents(i.salePriceCents, 'salePriceCents');
  assertCents(i.retailPriceCents, 'retailPriceCents');
  assertCents(i.costPriceCents, 'costPriceCents');
  return {
    name: i.name,
    sku: i.sku ?? null,
    description: i.description ?? null,
    category: i.category ?? null,
    regularPriceCents: i.regularPriceCents,
    salePriceCents: i.salePriceCents ?? null,
    retailPriceCents: i.retailPriceCents ?? null,
    costPriceCents: i.costPriceCents ?? null,
    brand: i.brand ?? null,
    baseVariantId: i.baseVariantId ?? null,
    stock: i.stock ?? 0,
    weight: i.weight ?? null,
    status: i.status ?? 'published',
    isVisible: i.isVisible ?? true,
  };
}

function variantFields(i: VariantInput, productId: string) {
  assertCents(i.regularPriceCents, 'variant regularPriceCents');
  assertCents(i.salePriceCents, 'variant salePriceCents');
  assertCents(i.retailPriceCents, 'variant retailPriceCents');
  assertCents(i.costPriceCents, 'variant costPriceCents');
  assertCents(i.calculatedPriceCents, 'variant calculatedPriceCents');
  return {
    productId,
    variantSku: i.variantSku ?? null,
    optionValues: i.optionValues ?? null,
    regularPriceCents: i.regularPriceCents ?? null,
    salePriceCents: i.salePriceCents ?? null,
    retailPriceCents: i.retailPriceCents ?? null,
    costPriceCents: i.costPriceCents ?? null,
    calculatedPriceCents: i.calculatedPriceCents ?? null,
    stock: i.stock ?? 0,
  };
}

/**
 * Decides which products and variants an upsert writes. A product input without `variants`
 * leaves its variants alone; with a list, variants missing from it are tombstoned.
 */
export function planUpsert(ctx: UpsertContext): UpsertPlan {
  const { companyId, now } = ctx;
  const byExternal = new Map(ctx.existingProducts.map((p) => [p.externalId, p]));
  const variantsByExternal = new Map(ctx.existingVariants.map((v) => [v.externalId, v]));
  const variantsByProduct = new Map<string, ProductVariant[]>();
  for (const v of ctx.existingVariants) {
    const list = variantsByProduct.get(v.productId);
    if (list) list.push(v);
    else variantsByProduct.set(v.productId, [v]);
  }
  // The store is the source of truth: a repeated external id in one batch, last one wins.
  const inputs = [...new Map(ctx.inputs.map((i) => [i.externalId, i])).values()];
  const plan: UpsertPlan = { products: [], variants: [], inserted: 0, updated: 0, unchanged: 0, variantsDeleted: 0 };

  for (const input of inputs) {
    const fields = productFields(input);
    const existing = byExternal.get(input.externalId);
    let productId: string;
    if (!existing) {
      productId = ctx.newId();
      plan.products.push({
        id: productId, companyId, externalId: input.externalId, ...fields,
        lastUpdated: input.lastUpdated ?? now, version: 0, deletedAt: null,
      });
      plan.inserted++;
    } else {
      productId = existing.id;
      const changed = existing.deletedAt !== null || PRODUCT_FIELDS.some((k) => existing[k] !== fields[k]);
      if (changed) {
        plan.products.push({ ...existing, ...fields, lastUpdated: input.lastUpdated ?? now, deletedAt: null });
        plan.updated++;
      } else {
        plan.unchanged++;
      }
    }
    if (input.variants) {
      planVariants(ctx, plan, productId, input.variants, variantsByExternal, variantsByProduct.get(productId) ?? []);
    }
  }
  return plan;
}

function planVariants(
  ctx: UpsertContext, plan: UpsertPlan, productId: string, inputs: VariantInput[],
  existingByExternal: Map<number, ProductVariant>, existingOfProduct: ProductVariant[],
): void {
  const seen = new Set<number>();
  for (const input of inputs) {
    if (seen.has(input.externalId)) continue;
    seen.add(input.externalId);
    const fields = variantFields(input, productId);
    const existing = existingByExternal.get(input.externalId);
    if (!existing) {
      plan.variants.push({
        id: ctx.newId(), companyId: ctx.companyId, externalId: input.externalId, ...fields,
        lastUpdated: input.lastUpdated ?? ctx.now, version: 0, deletedAt: null,
      });
      continue;
    }
    const changed = existing.deletedAt !== null
      || VARIANT_FIELDS.some((k) => existing[k] !== fields[k])
      || stableJson(existing.optionValues) !== stableJson(fields.optionValues);
    if (changed) plan.variants.push({ ...existing, ...fields, lastUpdated: input.lastUpdated ?? ctx.now, deletedAt: null });
  }
  for (const existing of existingOfProduct) {
    if (existing.deletedAt === null && !seen.has(existing.externalId)) {
      plan.variants.push({ ...existing, deletedAt: ctx.now, lastUpdated: ctx.now });
      plan.variantsDeleted++;
    }
  }
}

/**
 * Applies price edits to loaded rows; returns only rows whose prices actually change.
 * Every referenced product/variant must be among the loaded (live, same-company) rows.
 */
type Prices = Pick<Product | ProductVariant, 'regularPriceCents' | 'salePriceCents' | 'retailPriceCents'>;
const pricesDiffer = (a: Prices, b: Prices): boolean =>
  a.regularPriceCents !== b.regularPriceCents || a.salePriceCents !== b.salePriceCents || a.retailPriceCents !== b.retailPriceCents;

export function planPriceChanges(
  products: Map<string, Product>, variants: Map<string, ProductVariant>, changes: PriceChange[], now: Date,
): WritePlan {
  const changedProducts = new Map<string, Product>();
  const changedVariants = new Map<string, ProductVariant>();
  for (const change of changes) {
    assertCents(change.regularPriceCents, 'regularPriceCents');
    assertCents(change.salePriceCents, 'salePriceCents');
    assertCents(change.retailPriceCents, 'retailPriceCents');
    if (change.variantId) {
      const current = changedVariants.get(change.variantId) ?? variants.get(change.variantId);
      if (!current || current.productId !== change.productId) throw new NotFoundError(`variant ${change.variantId} not found`);
      const next = { ...current };
      if (change.regularPriceCents !== undefined) next.regularPriceCents = change.regularPriceCents;
      if (change.salePriceCents !== undefined) next.salePriceCents = change.salePriceCents;
      if (change.retailPriceCents !== undefined) next.retailPriceCents = change.retailPriceCents;
      if (pricesDiffer(next, current)) {
        changedVariants.set(next.id, { ...next, lastUpdated: now });
      }
    } else {
      const current = changedProducts.get(change.productId) ?? products.get(change.productId);
      if (!current) throw new NotFoundError(`product ${change.productId} not found`);
      const next = { ...current };
      // A product always has a regular price: null there means "leave as is".
      if (change.regularPriceCents !== undefined && change.regularPriceCents !== null) next.regularPriceCents = change.regularPriceCents;
      if (change.salePriceCents !== undefined) next.salePriceCents = change.salePriceCents;
      if (change.retailPriceCents !== undefined) next.retailPriceCents = change.retailPriceCents;
      if (pricesDiffer(next, current)) {
        changedProducts.set(next.id, { ...next, lastUpdated: now });
      }
    }
  }
  return { products: [...changedProducts.values()], variants: [...changedVariants.values()] };
}

/**
 * Products and variants share the company's sequence: merges the first `limit + 1` of each
 * (by version) into one page of at most `limit` changes.
 */
export function mergeChanges(
  ps: Product[], vs: Array<{ variant: ProductVariant; productExternalId: number }>, sinceVersion: number, limit: number,
): ChangesPage {
  const all: CatalogChange[] = [
    ...ps.map((product): CatalogChange => ({ kind: 'product', version: product.version, product })),
    ...vs.map(({ variant, productExternalId }): CatalogChange => ({ kind: 'variant', version: variant.version, variant, productExternalId })),
  ].sort((a, b) => a.version - b.version);
  const changes = all.slice(0, limit);
  return { changes, cursor: changes.at(-1)?.version ?? sinceVersion, hasMore: all.length > limit };
}

/** Complete price history rows (ids, defaults, cents checked) for an insert. */
export function historyRows(companyId: string, entries: NewPriceHistoryEntry[], now: Date): PriceHistoryEntry[] {
  return entries.map((e) => {
    for (const k of ['oldRegularPriceCents', 'newRegularPriceCents', 'oldSalePriceCents', 'newSalePriceCents', 'oldRetailPriceCents', 'newRetailPriceCents'] as const) {
      assertCents(e[k], k);
    }
    return {
      id: e.id ?? crypto.randomUUID(),
      companyId,
      productId: e.productId,
      variantId: e.variantId ?? null,
      oldRegularPriceCents: e.oldRegularPriceCents ?? null,
      newRegularPriceCents: e.newRegularPriceCents ?? null,
      oldSalePriceCents: e.oldSalePriceCents ?? null,
      newSalePriceCents: e.newSalePriceCents ?? null,
      oldRetailPriceCents: e.oldRetailPriceCents ?? null,
      newRetailPriceCents: e.newRetailPriceCents ?? null,
      priceListId: e.priceListId ?? null,
      currency: e.currency ?? null,
      recordChange: e.recordChange ?? null,
      changeType: e.changeType,
      workOrderId: e.workOrderId ?? null,
      changedBy: e.changedBy ?? null,
      createdAt: e.createdAt ?? now,
    };
  });
}
