/**
 * The catalog as the API serves it: products, variants, price history, the product list query
 * and its response, categories, and the bodies of a single product or variant price edit.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId, IsoDateTime, queryInt, singleLineText, TEXT_LIMITS, Uuid } from './common';
import { MoneyString, NullableMoneyString } from './money';
import { CursorPageQuery, page } from './paging';
import { checkPriceRange, ProductFilterFields } from './product-filters';
import { CatalogCsvQuery } from './csv';

/** Page sizes offered on the products screen; 20 is the default, 200 the most the API serves. */
export const PAGE_SIZE_OPTIONS = [20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;
/** Page size of the work-order product picker. */
export const PICKER_PAGE_SIZE = 50;

export const OptionValue = lazySchema(() =>
  z.object({
    /** The option's name, e.g. "Size". */
    optionName: z.string(),
    /** The chosen value, e.g. "XL". */
    label: z.string(),
  }),
);
export type OptionValue = z.infer<typeof OptionValue>;

export const Variant = lazySchema(() =>
  z.object({
    id: IntId,
    productId: IntId,
    variantSku: z.string(),
    /** null: the variant inherits the product's regular price (as BigCommerce does). */
    regularPrice: NullableMoneyString,
    /** null: no sale price of its own; the product's applies. */
    salePrice: NullableMoneyString,
    stock: z.number().int(),
    optionValues: z.array(OptionValue),
    /**
     * Retail price (MSRP) and cost of the variant's own; null inherits the product's (as
     * BigCommerce does).
     */
    retailPrice: NullableMoneyString,
    costPrice: NullableMoneyString,
  }),
);
export type Variant = z.infer<typeof Variant>;

export const Product = lazySchema(() =>
  z.object({
    id: IntId,
    name: z.string(),
    /** Full path joined with ' > '; null shows as 'Uncategorized'. */
    category: z.string().nullable(),
    /** null shows as 'N/A'. */
    sku: z.string().nullable(),
    regularPrice: MoneyString,
    /** null: not on sale (the store's sale_price 0). */
    salePrice: NullableMoneyString,
    stock: z.number().int(),
    weight: z.number().nonnegative().nullable(),
    /** 'published', 'draft', or another status shown as 'Unknown' (see productStatusLabel). */
    status: z.string(),
    /** Retail price (MSRP), cost price and brand name; null where the store has none (a store's 0 is none). */
    retailPrice: NullableMoneyString,
    costPrice: NullableMoneyString,
    brand: z.string().nullable(),
    variants: z.array(Variant),
  }),
);
export type Product = z.infer<typeof Product>;

/**
 * What made a price change: 'manual' an edit in the app, 'work_order' an order's run, 'undo'
 * restores the prices an undone (or ended) order had replaced; a change made in the store is
 * 'webhook' when its webhook brought it within seconds, 'sync' when a sync found it (issue 36).
 */
export const PriceChangeType = lazySchema(() => z.enum(['manual', 'work_order', 'undo', 'sync', 'webhook']));
export type PriceChangeType = z.infer<typeof PriceChangeType>;

export const PriceHistoryEntry = lazySchema(() =>
  z.object({
    /** The server's id of the entry (a UUID; entries are not numbered). */
    id: z.string().min(1),
    productId: IntId,
    variantId: IntId.nullable(),
    changeType: PriceChangeType,
    createdAt: IsoDateTime,
    oldRegularPrice: NullableMoneyString,
    newRegularPrice: NullableMoneyString,
    oldSalePrice: NullableMoneyString,
    newSalePrice: NullableMoneyString,
    /** The retail price (MSRP) a work order or its undo changed (issue 19); null or absent: not changed. */
    oldRetailPrice: NullableMoneyString.optional(),
    newRetailPrice: NullableMoneyString.optional(),
    workOrderId: Uuid.nullable(),
    /** The user who made the change; null for a sync. */
    changedBy: z.string().nullable(),
    /**
     * A work order's change that an owner or admin approved (issue 19): who approved it (their
     * name or email, null for a former member). Absent otherwise.
     */
    approvedBy: z.string().nullable().optional(),
  }),
);
export type PriceHistoryEntry = z.infer<typeof PriceHistoryEntry>;

/** An optional text filter: bounded, trimmed, and an empty value means no filter. */
const optionalText = (label: string) =>
  singleLineText(TEXT_LIMITS.search, { label, trim: true })
    .optional()
    .transform((v) => v || undefined);

/** The last page number the API serves (far past any catalog a plan allows). */
export const MAX_PAGE = 100_000;

/**
 * GET /api/products: query parameters arrive as strings; the web client may pass numbers. The
 * filters (brand, priceMin, priceMax, stock, onSale, visible, sku, skuMatch) are those of
 * product-filters.ts, with the same meaning as on the device.
 *
 * `priceList` and `currency` (both or neither, as GET /api/products/csv takes them; issue 35) show
 * the catalog through that price list: every product and variant carries `listPrices`, and the
 * price range and on-sale filters look at those prices instead of the catalog's
 * (product-filters.ts throughPriceList). A list the company does not have is 404, a currency it
 * has no prices in 400.
 */
export const ProductListQuery = lazySchema(() =>
  z.object({
    search: optionalText('The search'),
    /** A category path; matches it and its subcategories. Omitted for all. */
    category: optionalText('The category'),
    ...ProductFilterFields.shape,
    /** The store's id of a price list (GET /api/price-lists). */
    priceList: CatalogCsvQuery.shape.priceList,
    /** A currency of that list, e.g. "EUR". */
    currency: CatalogCsvQuery.shape.currency,
    page: queryInt(1, MAX_PAGE, 'The page').default(1),
    /** limit=1 reads only the total. */
    limit: queryInt(1, MAX_PAGE_SIZE, 'The page size').default(DEFAULT_PAGE_SIZE),
  }).superRefine((value, ctx) => {
    checkPriceRange(value, ctx);
    // Both or neither: CatalogCsvQuery's rule and message, asked of the pair.
    if ((value.priceList === undefined) !== (value.currency === undefined)) {
      for (const issue of CatalogCsvQuery.safeParse({ priceList: value.priceList, currency: value.currency }).error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    }
  }),
);
export type ProductListQuery = z.infer<typeof ProductListQuery>;
export type ProductListQueryInput = z.input<typeof ProductListQuery>;

/**
 * What a product or a variant costs the customers of the price list and currency a list query
 * named (issue 35): contracts price-list-view.ts priceListPrices. `source` 'record': the list's
 * record for the variant (a product without options: its base variant's) sets every price;
 * 'catalog': it has none, and the catalog's prices apply, known only in the catalog's currency
 * (`known` false and every price null in another one, which the store converts at a rate the
 * app does not know). `mapPrice` is only a record's.
 */
export const ListPrices = lazySchema(() =>
  z.object({
    source: z.enum(['record', 'catalog']),
    known: z.boolean(),
    price: NullableMoneyString,
    /** null: no sale (a record's unset sale price is none, never the catalog's). */
    salePrice: NullableMoneyString,
    retailPrice: NullableMoneyString,
    mapPrice: NullableMoneyString,
  }),
);
export type ListPrices = z.infer<typeof ListPrices>;

/** A variant in GET /api/products: `listPrices` only when the query named a price list and currency. */
export const ListedVariant = lazySchema(() => Variant.extend({ listPrices: ListPrices.optional() }));
export type ListedVariant = z.infer<typeof ListedVariant>;

/**
 * A product in GET /api/products. With a price list and currency, `listPrices` is the product's
 * own (its base variant's record, else the catalog's product prices) and each variant has its
 * own; the catalog's fields (regularPrice, salePrice, ...) stay the catalog's.
 */
export const ListedProduct = lazySchema(() => Product.extend({ listPrices: ListPrices.optional(), variants: z.array(ListedVariant) }));
export type ListedProduct = z.infer<typeof ListedProduct>;

export const ProductListResponse = lazySchema(() =>
  z.object({
    products: z.array(ListedProduct),
    total: z.number().int().nonnegative(),
  }),
);
export type ProductListResponse = z.infer<typeof ProductListResponse>;

/** GET /api/categories: every category path, sorted. */
export const CategoriesResponse = lazySchema(() => z.array(z.string()));
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;

export const NO_CHANGES_MESSAGE = 'No changes detected to update';

const somethingChanged = (v: { regularPrice?: unknown; salePrice?: unknown }) =>
  v.regularPrice !== undefined || v.salePrice !== undefined;

/**
 * PUT /api/products/{id}: only changed fields are sent. A product always has a regular price,
 * so only the sale price can be null (cleared).
 */
export const ProductPriceEdit = lazySchema(() =>
  z
    .object({ regularPrice: MoneyString.optional(), salePrice: NullableMoneyString.optional() })
    .refine(somethingChanged, { error: NO_CHANGES_MESSAGE }),
);
export type ProductPriceEdit = z.infer<typeof ProductPriceEdit>;

/** PUT /api/variants/{id}: null makes the variant inherit the product's price again. */
export const VariantPriceEdit = lazySchema(() =>
  z
    .object({ regularPrice: NullableMoneyString.optional(), salePrice: NullableMoneyString.optional() })
    .refine(somethingChanged, { error: NO_CHANGES_MESSAGE }),
);
export type VariantPriceEdit = z.infer<typeof VariantPriceEdit>;

/** GET /api/products/{id}/price-history?cursor=&limit=: the query (paging.ts; the history grows with every change). */
export const PriceHistoryQuery = lazySchema(() => CursorPageQuery);
export type PriceHistoryQuery = CursorPageQuery;

/** GET /api/products/{id}/price-history: a page of entries, newest first (by time, then id). */
export const PriceHistoryResponse = lazySchema(() => page('entries', PriceHistoryEntry));
export type PriceHistoryResponse = z.infer<typeof PriceHistoryResponse>;

/** GET /api/products/{id}/variants. */
export const VariantListResponse = lazySchema(() => z.array(Variant));
export type VariantListResponse = z.infer<typeof VariantListResponse>;

/**
 * PUT /api/products/{id} or /api/variants/{id} answered 201 (issue 31): a member's edit, while
 * the company requires approval, became a one-item work order awaiting approval. Nothing reached
 * the store; `message` says so (contracts price-gate.ts editSentForApprovalMessage).
 */
export const PriceEditSentForApproval = lazySchema(() =>
  z.object({
    workOrder: z.object({ id: z.string(), title: z.string(), status: z.literal('awaiting_approval') }),
    message: z.string(),
  }),
);
export type PriceEditSentForApproval = z.infer<typeof PriceEditSentForApproval>;

/** The title of the order a manual edit becomes: the product, and the variant's SKU. */
export function priceEditOrderTitle(productName: string, variantSku: string | null): string {
  const what = variantSku ? `${productName} (${variantSku})` : productName;
  const title = `Price edit: ${what}`;
  return title.length > 200 ? `${title.slice(0, 199)}\u2026` : title;
}
