/**
 * The store's price lists on the wire (issue 35): GET /api/price-lists (each list with its
 * currencies, customer groups, channels and record counts) and GET /api/price-lists/{id}/records
 * (a list's records a page at a time, paging.ts, in variant id then currency order, filtered by
 * product, SKU or currency). Ids are the store's; money is a string like "19.90" (money.ts).
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId, queryInt, singleLineText, TEXT_LIMITS } from './common';
import { cursorParam, encodeCursor, page, PageLimit } from './paging';
import { CurrencyCode } from './work-order-target';

export const PriceListChannel = lazySchema(() =>
  z.object({ id: z.number().int(), name: z.string(), defaultCurrency: z.string().nullable(), currencies: z.array(z.string()) }),
);

export const PriceListSummary = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    active: z.boolean(),
    /** When the store last changed the list (ISO), if it says. */
    dateModified: z.string().nullable(),
    /** Currencies of its records and of the channels it is assigned to. */
    currencies: z.array(z.string()),
    recordCounts: z.array(z.object({ currency: z.string(), records: z.number().int().nonnegative() })),
    customerGroups: z.array(z.object({ id: z.number().int(), name: z.string() })),
    channels: z.array(PriceListChannel),
    /** When the app last read every record of the list (ISO); null: not yet. */
    recordsReadAt: z.string().nullable(),
  }),
);
export type PriceListSummary = z.infer<typeof PriceListSummary>;

/** GET /api/price-lists. */
export const PriceListsResponse = lazySchema(() => z.object({ priceLists: z.array(PriceListSummary) }));
export type PriceListsResponse = z.infer<typeof PriceListsResponse>;

/** One variant's prices in one currency of the list; an unset sale, retail (MSRP) or MAP price is null. */
export const PriceListRecord = lazySchema(() =>
  z.object({
    priceListId: z.number().int(),
    variantId: z.number().int(),
    productId: z.number().int(),
    sku: z.string().nullable(),
    currency: z.string(),
    price: z.string(),
    salePrice: z.string().nullable(),
    retailPrice: z.string().nullable(),
    mapPrice: z.string().nullable(),
    dateModified: z.string().nullable(),
  }),
);
export type PriceListRecord = z.infer<typeof PriceListRecord>;

/** The records' sort key in a cursor: [variant id, currency]. */
const RecordKey = lazySchema(() =>
  z.tuple([IntId, z.string().regex(/^[A-Z]{3}$/)]).transform(([variantId, currency]) => ({ variantId, currency })),
);

/** The cursor of a page ending with this record. */
export const priceListRecordCursor = (r: { variantId: number; currency: string }): string => encodeCursor([r.variantId, r.currency]);

/** GET /api/price-lists/{id}/records?productId=&sku=&currency=&cursor=&limit= */
export const PriceListRecordsQuery = lazySchema(() =>
  z.object({
    productId: queryInt(1, Number.MAX_SAFE_INTEGER, 'The product id').optional(),
    sku: singleLineText(TEXT_LIMITS.search, { label: 'The SKU', trim: true }).optional().transform((v) => v || undefined),
    currency: CurrencyCode.optional(),
    cursor: cursorParam(RecordKey).optional(),
    limit: PageLimit,
  }),
);
export type PriceListRecordsQuery = z.output<typeof PriceListRecordsQuery>;

/** GET /api/price-lists/{id}/records: a page of records. */
export const PriceListRecordsResponse = lazySchema(() => page('records', PriceListRecord));
export type PriceListRecordsResponse = z.infer<typeof PriceListRecordsResponse>;
