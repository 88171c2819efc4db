/**
 * The variant metafields the client reads and writes (`/catalog/variants/metafields`,
 * product-variants_catalog.v3.yml), in the product's own words: camelCase, the store's ids.
 */

/** Who may read and write a metafield besides the API account that made it (`permission_set`). */
export type MetafieldPermission = 'app_only' | 'read' | 'write' | 'read_and_sf_access' | 'write_and_sf_access';

/**
 * Items per batch request (create, update, delete). The OpenAPI file states no figure for these
 * operations; 50 is the limit it gives the variants' own batch, and what the demo store enforces.
 */
export const MAX_METAFIELD_BATCH = 50;

export interface VariantMetafield {
  id: number;
  /** The variant it belongs to (`resource_id`). */
  variantId: number;
  namespace: string;
  key: string;
  value: string;
  permissionSet: MetafieldPermission;
  description: string;
  /** The API account that made it; null when the store did not say. */
  ownerClientId: string | null;
}

export interface NewVariantMetafield {
  variantId: number;
  namespace: string;
  key: string;
  value: string;
  permissionSet: MetafieldPermission;
  description?: string;
}

/** A change to one metafield: its id, and the fields to set. */
export interface VariantMetafieldUpdate {
  id: number;
  value?: string;
  description?: string;
}

/** A write the store did not apply, and whether sending it again as it is could work. */
export interface MetafieldWriteFailure<W> {
  write: W;
  reason: string;
  /** True when the store refused it (or it could not be sent); false for a passing failure (5xx, network, rate limit). */
  permanent: boolean;
  /** The status the store gave this item (409: the variant has that namespace and key already; 404: no such metafield), or null. */
  status: number | null;
}

/** Every write ends applied or failed; `applied` holds what the store answered for it. */
export interface MetafieldWriteResult<W, A> {
  applied: A[];
  failed: MetafieldWriteFailure<W>[];
}

export interface VariantMetafieldPage {
  metafields: VariantMetafield[];
  page: number;
  totalPages: number;
}
