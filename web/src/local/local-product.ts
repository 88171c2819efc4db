/**
 * The shape of a product (and its variants) as the device keeps it: what the row cache holds,
 * the catalog queries answer and the screens show. A leaf module, so both the catalog's owner
 * (local-catalog.ts) and its query interface (catalog-query.ts, which re-exports it) can name it.
 */
import type { ReplicatedProduct, ReplicatedVariant } from '@catalog/contracts/replication';

/**
 * A product as the device stores it, with its variants (ordered by id). Read-only: the objects
 * are shared between answers (a row cache keeps the ones lately shown).
 */
export type LocalProduct = ReplicatedProduct & {
  variants: LocalVariant[];
  /** A price edit of it (or of one of its variants) made on this device waits to be sent. */
  pending?: boolean;
};

/** A variant as the device stores it; `pending` while its price edit waits to be sent. */
export type LocalVariant = ReplicatedVariant & { pending?: boolean };
