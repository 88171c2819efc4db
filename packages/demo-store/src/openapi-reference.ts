/**
 * For conformance tests (this package's and the client's): loads the official BigCommerce
 * OpenAPI files from shared/reference/bigcommerce into openapi-backend validators, with the
 * files' known quirks patched in memory (the files themselves are never edited):
 * - `x-nullable: true` (Swagger 2 style, in the variants file) is read as OpenAPI's `nullable`;
 * - `exclusiveMaximum: false` without a `maximum` (and the same for minimum; customers.v2.yml) is
 *   dropped: openapi-backend refuses the document otherwise;
 * - a customer group's `discount_rules` is a `oneOf` of four array schemas that no array can match
 *   exactly one of (an empty one matches all four): read as `anyOf`;
 * - `base_variant_id` is documented as "null for complex products" but typed integer only;
 * - paths are relative to the `servers` URL `.../stores/{store_hash}/v3` (`/v2` for customer
 *   groups), so callers strip it;
 * - GET /catalog/variants omits `id:in`, which BigCommerce accepts (see KNOWN_UNDECLARED_PARAMS).
 */
import { readFileSync } from 'node:fs';
import OpenAPIBackend from 'openapi-backend';
import type { Document } from 'openapi-backend';
import { parse } from 'yaml';

/** `<repo>/../shared/reference/bigcommerce/`, resolved from packages/demo-store/src/. */
export const REFERENCE_DIR = new URL('../../../../shared/reference/bigcommerce/', import.meta.url);

/** The operations the demo store serves and the client calls, by reference file. */
const CATALOG_FILES = {
  products: { file: 'products_catalog.v3.yml', paths: ['/catalog/products', '/catalog/products/{product_id}'] },
  variants: {
    file: 'product-variants_catalog.v3.yml',
    paths: ['/catalog/products/{product_id}/variants', '/catalog/products/{product_id}/variants/{variant_id}', '/catalog/variants'],
  },
  trees: { file: 'category-trees_catalog.v3.yml', paths: ['/catalog/trees', '/catalog/trees/categories', '/catalog/trees/{tree_id}/categories'] },
  brands: { file: 'brands_catalog.v3.yml', paths: ['/catalog/brands', '/catalog/brands/{brand_id}'] },
  hooks: { file: 'webhooks.v3.yml', paths: ['/hooks', '/hooks/{webhook_id}'] },
  /** Deprecated: loaded so a test can prove nothing calls it. */
  categories: { file: 'categories_catalog.v3.yml', paths: ['/catalog/categories', '/catalog/categories/{category_id}'] },
} as const;

/**
 * The price lists' operations, customer groups (Customers v2) and channels: loaded on their own
 * (`loadPricingReferences`), as they double the loading time of the catalog's.
 */
const PRICING_FILES = {
  priceLists: {
    file: 'price_lists.v3.yml',
    paths: [
      '/pricelists', '/pricelists/{price_list_id}', '/pricelists/records', '/pricelists/{price_list_id}/records',
      '/pricelists/{price_list_id}/records/{variant_id}', '/pricelists/{price_list_id}/records/{variant_id}/{currency_code}',
      '/pricelists/assignments', '/pricelists/{price_list_id}/assignments',
    ],
  },
  /** Customers v2: its paths are relative to `.../stores/{store_hash}/v2`. */
  customerGroups: { file: 'customers.v2.yml', paths: ['/customer_groups', '/customer_groups/{customer_group_id}', '/customer_groups/count'] },
  channels: {
    file: 'channels.v3.yml',
    paths: ['/channels', '/channels/{channel_id}', '/channels/currency-assignments', '/channels/{channel_id}/currency-assignments'],
  },
} as const;

/**
 * The variant metafields' operations (issue 36), from the variants' file: loaded on their own
 * (`loadMetafieldReferences`), so the catalog's validators take no longer to build.
 */
const METAFIELD_FILES = {
  metafields: {
    file: 'product-variants_catalog.v3.yml',
    paths: [
      '/catalog/variants/metafields', '/catalog/products/{product_id}/variants/{variant_id}/metafields',
      '/catalog/products/{product_id}/variants/{variant_id}/metafields/{metafield_id}',
    ],
  },
} as const;

const FILES = { ...CATALOG_FILES, ...PRICING_FILES, ...METAFIELD_FILES };
export type ReferenceName = keyof typeof FILES;

/** Query parameters BigCommerce accepts that an operation of the files does not declare. */
export const KNOWN_UNDECLARED_PARAMS: Readonly<Record<string, readonly string[]>> = {
  getVariants: ['id:in'],
};

/** The API root of a store in request paths (v3, or v2 for customer groups); the files' paths start after it. */
export const STORE_PREFIX = /^\/stores\/[^/]+\/v[23]/;

function patchQuirks(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(patchQuirks);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const obj = node as Record<string, unknown>;
  if (obj['x-nullable'] === true) obj.nullable = true;
  // OpenAPI 3.0's exclusiveMinimum/Maximum are booleans beside minimum/maximum; alone they say nothing.
  for (const key of ['exclusiveMaximum', 'exclusiveMinimum']) if (obj[key] === false && obj[key.replace('exclusiveM', 'm')] === undefined) delete obj[key];
  const props = obj.properties as Record<string, Record<string, unknown>> | undefined;
  if (props?.base_variant_id && typeof props.base_variant_id === 'object') props.base_variant_id.nullable = true;
  const rules = props?.discount_rules;
  if (rules && Array.isArray(rules.oneOf)) {
    rules.anyOf = rules.oneOf;
    delete rules.oneOf;
  }
  for (const value of Object.values(obj)) patchQuirks(value);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

async function load(name: ReferenceName): Promise<OpenAPIBackend> {
  const { file, paths } = FILES[name];
  const doc = parse(readFileSync(new URL(file, REFERENCE_DIR), 'utf8')) as Document & { paths: Record<string, unknown> };
  doc.paths = Object.fromEntries(paths.map((p) => [p, doc.paths[p]]));
  patchQuirks(doc);
  const api = new OpenAPIBackend({
    definition: doc,
    strict: false,
    validate: true,
    ajvOpts: {
      logger: false,
      formats: {
        'date-time': DATE_TIME,
        date: /^\d{4}-\d{2}-\d{2}$/,
        uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        double: true, float: true, int32: true, int64: true, url: true, uri: true, email: true,
      },
    },
  });
  await api.init();
  return api;
}

/** The catalog's and the webhooks' files (what `loadReferences` gives). */
export type References = Record<keyof typeof CATALOG_FILES, OpenAPIBackend>;
/** The price lists', customer groups' and channels' files (what `loadPricingReferences` gives). */
export type PricingReferences = Record<keyof typeof PRICING_FILES, OpenAPIBackend>;

/** The variant metafields' operations as a validator (what `loadMetafieldReferences` gives). */
export type MetafieldReferences = Record<keyof typeof METAFIELD_FILES, OpenAPIBackend>;

/** Each file's validator, loaded once per process (it takes a few seconds). */
const loaded = new Map<ReferenceName, Promise<OpenAPIBackend>>();

async function loadAll<N extends ReferenceName>(names: N[]): Promise<Record<N, OpenAPIBackend>> {
  const apis = await Promise.all(
    names.map((name) => {
      let api = loaded.get(name);
      if (!api) {
        api = load(name);
        loaded.set(name, api);
      }
      return api;
    }),
  );
  return Object.fromEntries(names.map((n, i) => [n, apis[i]])) as Record<N, OpenAPIBackend>;
}

/** The catalog's and the webhooks' reference files as validators. */
export function loadReferences(): Promise<References> {
  return loadAll(Object.keys(CATALOG_FILES) as Array<keyof typeof CATALOG_FILES>);
}

/** The price lists', customer groups' and channels' reference files as validators. */
export function loadPricingReferences(): Promise<PricingReferences> {
  return loadAll(Object.keys(PRICING_FILES) as Array<keyof typeof PRICING_FILES>);
}

/** The variant metafields' operations of the variants' reference file as a validator. */
export function loadMetafieldReferences(): Promise<MetafieldReferences> {
  return loadAll(Object.keys(METAFIELD_FILES) as Array<keyof typeof METAFIELD_FILES>);
}

/** Formats validation errors as short lines for a failing expectation. */
export function describeErrors(errors: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }> | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params ?? {})}`);
}
