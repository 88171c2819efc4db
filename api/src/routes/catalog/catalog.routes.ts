/**
 * GET /api/catalog/changes?cursor=&limit=&schema= (any role): one page of the company's catalog
 * changes after `cursor`, for devices that keep the catalog locally (contracts replication.ts;
 * the protocol is in services/catalog/replication.ts). A device pulls until `hasMore` is false,
 * passing back each page's `cursor`; `reset: true` tells it to drop its copy first.
 */
import { Hono } from 'hono';
import { CatalogChangesQuery, type CatalogChangesResponse } from '@catalog/contracts/replication';
import type { Database } from '../../db/repositories';
import { readQuery } from '../../lib/http';
import type { AuthedEnv } from '../../middleware/authenticate';
import { createCatalogChanges } from '../../services/catalog/replication';

/** Mounted at /api/catalog. */
export function catalogRoutes({ db }: { db: Database }) {
  const catalogChanges = createCatalogChanges(db);
  return new Hono<AuthedEnv>().get('/changes', async (c) => {
    const query = readQuery(c, CatalogChangesQuery);
    const body: CatalogChangesResponse = await catalogChanges(c.get('user').companyId, query);
    // A page is of this moment: an intermediary must never answer a later pull with it.
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
