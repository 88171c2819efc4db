/**
 * The commerce package's public entry: the BigCommerce Catalog v3 client, its errors, the
 * catalog types it returns (variant metafields among them), and the money conversions at the
 * BigCommerce boundary.
 */
export { BigCommerceClient, createBigCommerceClient, DEFAULT_BASE_URL } from './client';
export type { BigCommerceClientOptions, CallOptions } from './client';
export { BigCommerceError, BigCommerceErrorKind, isBigCommerceError } from './errors';
export type { CatalogBrand, CatalogCategory, CatalogOptionValue, CatalogProduct, CatalogVariant, ProductPage, ProductPrices, VariantPrices } from './catalog-types';
export type { CredentialCheck } from './credentials';
export { CREDENTIAL_MESSAGES } from './credentials';
export type { RequestCounters } from './counters';
export type { NewStoreHook, StoreHook } from './hooks';
export type { PriceSnapshot } from './prices';
export type {
  PriceRecord, PriceRecordPage, PriceRecordWrite, PriceRecordWriteResult, StoreChannel, StoreCustomerGroup, StorePriceList, StorePriceListAssignment,
} from './price-list-types';
export { MAX_PRICE_RECORD_BATCH } from './price-list-types';
export type { PriceRecordPagesQuery } from './price-list-records';
export type { ProductPagesQuery } from './products';
export { MAX_PAGE_SIZE, formatSince } from './products';
export type { ProductUpdate, VariantUpdate, WriteResult } from './writes';
export { MAX_PRODUCT_BATCH, MAX_VARIANT_BATCH } from './writes';
export type {
  MetafieldPermission, MetafieldWriteFailure, MetafieldWriteResult, NewVariantMetafield, VariantMetafield, VariantMetafieldPage, VariantMetafieldUpdate,
} from './variant-metafield-types';
export { MAX_METAFIELD_BATCH } from './variant-metafield-types';
export { fromCents, fromCentsOrNull, toCents, toCentsOrNull } from './money';
export { FOREGROUND_SHARE, StoreRateLimiter, sharedRateLimiter } from './rate-limiter';
export type { RequestPriority } from './rate-limiter';
export type { Sleep } from './timing';
