/**
 * GET /api/health: liveness plus a round trip to the database, and which database it is.
 * Load balancers and `npm start`'s readiness wait call it.
 */
import { Hono } from 'hono';
import type { HealthResponse } from '@catalog/contracts/common';
import type { Database } from '../../db/repositories';
import type { AppEnv } from '../../middleware/request-log';

export function healthRoutes(deps: { db: Database }) {
  return new Hono<AppEnv>().get('/', async (c) => {
    await deps.db.ping();
    const body: HealthResponse = { status: 'ok', db: deps.db.dialect };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
