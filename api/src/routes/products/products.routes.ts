/**
 * The app's copy of the catalog. For now: DELETE /api/products/all (owner and admin), which
 * tombstones every product and variant of the company (devices drop them on their next pull;
 * the store itself is not touched; refused while a sync runs), and GET /api/categories (any role), the category paths of
 * the synced products (' > ' between levels, 'Uncategorized' for products without one), sorted.
 * Listing products and price edits come with a later issue.
 */
import { Hono } from 'hono';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { CategoriesResponse } from '@catalog/contracts/products';
import type { Database } from '../../db/repositories';
import type { AuthedEnv } from '../../middleware/authenticate';
import { MANAGERS, requireRole } from '../../middleware/require-role';
import type { SyncRegistry } from '../../services/sync/sync-registry';

/** Mounted at /api/products. */
export function productsRoutes({ db, syncs }: { db: Database; syncs: SyncRegistry }) {
  return new Hono<AuthedEnv>().delete('/all', requireRole(MANAGERS, 'Only owners and admins can delete all products'), async (c) => {
    const { companyId } = c.get('user');
    // A running sync would write its remaining pages back right after the delete.
    if (syncs.isRunning(companyId)) throw new ApiError(ErrorCode.CONFLICT, 'A sync is running: cancel it or let it finish, then delete all products');
    const removed = await db.products.deleteAll(companyId);
    return c.json({ message: `Deleted ${removed.toLocaleString('en-US')} ${removed === 1 ? 'product' : 'products'}` });
  });
}

/** Mounted at /api/categories. */
export function categoriesRoutes({ db }: { db: Database }) {
  return new Hono<AuthedEnv>().get('/', async (c) => {
    const body: CategoriesResponse = await db.products.categories(c.get('user').companyId);
    return c.json(body);
  });
}
