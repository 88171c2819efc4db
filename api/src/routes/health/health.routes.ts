/**
 * GET /api/health: liveness plus a round trip to the database, and which database it is.
 * Load balancers and `npm start`'s readiness wait call it.
 */
import type { HealthResponse } from '@catalog/contracts/common';
import type { Database } from '../../db/repositories';
import { defineRoutes } from '../define-routes';

export function healthRoutes(deps: { db: Database }) {
  return defineRoutes({
    'GET /api/health': async (c) => {
      await deps.db.ping();
      const body: HealthResponse = { status: 'ok', db: deps.db.dialect };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    },
  });
}
