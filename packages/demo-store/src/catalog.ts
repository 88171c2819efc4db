/**
 * One store's catalog and the writes it accepts: reading products and variants, updating them
 * with BigCommerce's validation and side effects (date_modified bumps, calculated prices, a
 * simple product's base variant mirroring the product's price and stock), deleting products.
 * Both the HTTP routes and the admin surface go through here, so they behave the same.
 */
import { generateCatalog } from './generate-catalog';
import type { CatalogOptions } from './generate-catalog';
import { recalculateProduct, toIsoSeconds } from './pricing';
import type { BcProduct, BcVariant, CatalogData } from './types';
import type { HookEventData } from './webhooks';
import { PRODUCT_RULES, VARIANT_RULES, checkFields } from './validate-updates';
import type { FieldErrors } from './validate-updates';

export type UpdateOutcome<T> =
  | { ok: true; record: T }
  | { ok: false; status: 404 | 409 | 422; title: string; errors: FieldErrors };

/** Fields a base variant shares with its product: a write to either side shows on both. */
const MIRRORED = ['price', 'sale_price', 'inventory_level'] as const;

/** Told of every change a write made (the store's webhooks send it on). */
export type CatalogListener = (scope: string, data: HookEventData) => void;

export class Catalog {
  data: CatalogData;
  /** Set by the store that owns this catalog: its webhooks. */
  onChange: CatalogListener | undefined;

  constructor(
    private readonly options: CatalogOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.data = generateCatalog(options);
  }

  /** Back to the generated catalog: every write and deletion is forgotten. */
  reset(): void {
    this.data = generateCatalog(this.options);
  }

  product(id: number): BcProduct | undefined {
    return this.data.products.get(id);
  }

  /** Products in id order (the order BigCommerce lists them by default). */
  products(): BcProduct[] {
    return [...this.data.products.values()].sort((a, b) => a.id - b.id);
  }

  variant(id: number): BcVariant | undefined {
    return this.data.variants.get(id);
  }

  variantsOf(productId: number): BcVariant[] {
    const ids = this.data.variantsByProduct.get(productId) ?? [];
    return ids.map((id) => this.data.variants.get(id)).filter((v): v is BcVariant => v !== undefined);
  }

  /** Every variant of every product, in variant id order. */
  variants(): BcVariant[] {
    return [...this.data.variants.values()].sort((a, b) => a.id - b.id);
  }

  /** The product as served with `include=variants`. */
  withVariants(product: BcProduct): BcProduct & { variants: BcVariant[] } {
    return { ...product, variants: this.variantsOf(product.id) };
  }

  updateProduct(id: number, input: unknown): UpdateOutcome<BcProduct> {
    const product = this.data.products.get(id);
    if (!product) return { ok: false, status: 404, title: `Product ${id} was not found`, errors: { id: `product ${id} does not exist` } };
    const { patch, errors } = checkFields(input, PRODUCT_RULES);
    if (Object.keys(errors).length > 0) return { ok: false, status: 422, title: 'The product was not valid.', errors };
    if (typeof patch.name === 'string' && patch.name !== product.name && this.nameTaken(patch.name)) {
      return { ok: false, status: 409, title: 'The product name is a duplicate', errors: { name: `a product named "${patch.name}" already exists` } };
    }
    Object.assign(product, patch);
    const base = product.base_variant_id === null ? undefined : this.data.variants.get(product.base_variant_id);
    if (base) for (const key of MIRRORED) base[key] = product[key];
    this.touch(product);
    this.onChange?.('store/product/updated', { type: 'product', id: product.id });
    return { ok: true, record: product };
  }

  /** Updates a variant; with `productId`, the variant must belong to that product. */
  updateVariant(id: number, input: unknown, productId?: number): UpdateOutcome<BcVariant> {
    const variant = this.data.variants.get(id);
    if (!variant || (productId !== undefined && variant.product_id !== productId)) {
      return { ok: false, status: 404, title: `Variant ${id} was not found`, errors: { id: `variant ${id} does not exist` } };
    }
    const product = this.data.products.get(variant.product_id);
    if (!product) return { ok: false, status: 404, title: `Variant ${id} was not found`, errors: { id: `variant ${id} does not exist` } };
    const { patch, errors } = checkFields(input, VARIANT_RULES);
    if (Object.keys(errors).length > 0) return { ok: false, status: 422, title: 'The variant was not valid.', errors };
    Object.assign(variant, patch);
    if (product.base_variant_id === variant.id) {
      // A simple product's base variant is the product: its price and stock are the product's.
      if (typeof variant.price === 'number') product.price = variant.price;
      if (typeof variant.sale_price === 'number') product.sale_price = variant.sale_price;
      if (typeof variant.inventory_level === 'number') product.inventory_level = variant.inventory_level;
      for (const key of MIRRORED) variant[key] = product[key];
    }
    this.touch(product);
    this.onChange?.('store/sku/updated', { type: 'sku', id: variant.id, sku: { product_id: product.id, variant_id: variant.id } });
    return { ok: true, record: variant };
  }

  deleteProduct(id: number): boolean {
    if (!this.data.products.delete(id)) return false;
    for (const variantId of this.data.variantsByProduct.get(id) ?? []) this.data.variants.delete(variantId);
    this.data.variantsByProduct.delete(id);
    this.onChange?.('store/product/deleted', { type: 'product', id });
    return true;
  }

  private nameTaken(name: string): boolean {
    const wanted = name.trim().toLowerCase();
    for (const p of this.data.products.values()) if (p.name.trim().toLowerCase() === wanted) return true;
    return false;
  }

  /** A write bumps date_modified (incremental syncs find the product) and derived prices. */
  private touch(product: BcProduct): void {
    product.date_modified = toIsoSeconds(this.now());
    recalculateProduct(this.data, product);
  }
}
