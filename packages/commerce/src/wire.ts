/**
 * BigCommerce's JSON as the client reads it (only the fields it uses, every one optional because
 * the store decides what it sends), and the mapping to the client's catalog types.
 */
import type { CatalogOptionValue, CatalogProduct, CatalogVariant } from './catalog-types';
import { toCents, toCentsOrNull } from './money';

export interface WireOptionValue {
  id?: number;
  label?: string;
  option_id?: number;
  option_display_name?: string;
}

export interface WireVariant {
  id: number;
  product_id: number;
  sku?: string | null;
  price?: number | null;
  sale_price?: number | null;
  retail_price?: number | null;
  cost_price?: number | null;
  calculated_price?: number | null;
  inventory_level?: number | null;
  purchasing_disabled?: boolean;
  option_values?: WireOptionValue[];
}

export interface WireProduct {
  id: number;
  name?: string;
  sku?: string | null;
  type?: string;
  description?: string;
  price?: number | null;
  sale_price?: number | null;
  retail_price?: number | null;
  cost_price?: number | null;
  calculated_price?: number | null;
  categories?: number[];
  brand_id?: number | null;
  inventory_level?: number | null;
  inventory_tracking?: string;
  weight?: number | null;
  is_visible?: boolean;
  is_featured?: boolean;
  availability?: string;
  custom_url?: { url?: string } | null;
  date_created?: string | null;
  date_modified?: string | null;
  base_variant_id?: number | null;
  variants?: WireVariant[];
}

export interface WirePagination {
  total?: number;
  count?: number;
  per_page?: number;
  current_page?: number;
  total_pages?: number;
}

export interface WireCollection<T> {
  data?: T[];
  meta?: { pagination?: WirePagination };
}

const sku = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value : null);
const isoOrNull = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

function mapOptionValue(v: WireOptionValue): CatalogOptionValue {
  return { optionName: v.option_display_name ?? '', label: v.label ?? '', optionId: v.option_id ?? null, valueId: v.id ?? null };
}

export function mapVariant(v: WireVariant, baseVariantId: number | null = null): CatalogVariant {
  const optionValues = (v.option_values ?? []).map(mapOptionValue);
  return {
    id: v.id,
    productId: v.product_id,
    sku: sku(v.sku),
    priceCents: toCentsOrNull(v.price),
    salePriceCents: toCentsOrNull(v.sale_price),
    retailPriceCents: toCentsOrNull(v.retail_price),
    costPriceCents: toCentsOrNull(v.cost_price),
    calculatedPriceCents: toCentsOrNull(v.calculated_price),
    inventoryLevel: v.inventory_level ?? null,
    purchasingDisabled: v.purchasing_disabled ?? false,
    isBase: baseVariantId !== null ? v.id === baseVariantId : optionValues.length === 0,
    optionValues,
  };
}

export function mapProduct(p: WireProduct): CatalogProduct {
  const baseVariantId = p.base_variant_id ?? null;
  return {
    id: p.id,
    name: p.name ?? '',
    sku: sku(p.sku),
    type: p.type ?? 'physical',
    description: p.description ?? '',
    priceCents: toCents(p.price ?? 0),
    salePriceCents: toCents(p.sale_price ?? 0),
    retailPriceCents: toCents(p.retail_price ?? 0),
    costPriceCents: toCents(p.cost_price ?? 0),
    calculatedPriceCents: toCents(p.calculated_price ?? p.price ?? 0),
    categoryIds: p.categories ?? [],
    brandId: p.brand_id ? p.brand_id : null,
    inventoryLevel: p.inventory_level ?? 0,
    inventoryTracking: p.inventory_tracking ?? 'none',
    weight: p.weight ?? null,
    isVisible: p.is_visible ?? true,
    isFeatured: p.is_featured ?? false,
    availability: p.availability ?? 'available',
    url: p.custom_url?.url ?? null,
    dateCreated: isoOrNull(p.date_created),
    dateModified: isoOrNull(p.date_modified),
    baseVariantId,
    variants: (p.variants ?? []).map((v) => mapVariant(v, baseVariantId)),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `data` of a collection answer (an empty list when the body has none). */
export function collectionData<T>(body: unknown): T[] {
  return isRecord(body) && Array.isArray(body.data) ? (body.data as T[]) : [];
}

/** `meta.pagination` of a collection answer; a body without it is one page. */
export function paginationOf(body: unknown): { total: number; totalPages: number; currentPage: number } {
  const p = isRecord(body) && isRecord(body.meta) && isRecord(body.meta.pagination) ? (body.meta.pagination as WirePagination) : {};
  const count = collectionData(body).length;
  return { total: p.total ?? count, totalPages: p.total_pages ?? 1, currentPage: p.current_page ?? 1 };
}
