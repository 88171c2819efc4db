/**
 * POST /api/sync (catalog.sync in the permission table): runs a catalog sync and streams its progress as the contracts'
 * text blocks (`data:` progress, then `result:` or `error:`), encoded with encodeSyncEvent. A full
 * pass, or, after one that held the whole store, only the products changed since (sync-mode.ts).
 * Refusals that are known before streaming are ordinary JSON errors: no store connected (400),
 * a sync already running for the company (409). Once streaming began the status is 200 and a
 * failure is an `error:` block. POST /api/sync/cancel stops the company's running sync and
 * GET /api/sync/status reports it, whichever API process runs it (the slot is a database lease).
 */
import { stream } from 'hono/streaming';
import { isBigCommerceError } from '@catalog/commerce';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { planFor } from '@catalog/contracts/plans';
import { encodeSyncEvent, type SyncEvent, type SyncStatus } from '@catalog/contracts/sync';
import type { Database } from '../../db/repositories';
import type { SecretBox } from '../../lib/secrets';
import { readToken, UNREADABLE_TOKEN_MESSAGE, type CommerceFactory } from '../../services/store-connection';
import { runSync } from '../../services/sync/sync-engine';
import { incrementalSince } from '../../services/sync/sync-mode';
import { syncErrorMessage } from '../../services/sync/sync-messages';
import type { SyncRegistry } from '../../services/sync/sync-registry';
import { defineRoutes } from '../define-routes';

interface SyncDeps {
  db: Database;
  secrets: SecretBox;
  commerce: CommerceFactory;
  syncs: SyncRegistry;
}

export function syncRoutes({ db, secrets, commerce, syncs }: SyncDeps) {
  return defineRoutes({
    'POST /api/sync': async (c) => {
      const { companyId } = c.get('user');
      const log = c.get('log');
      const [settings, company] = await Promise.all([db.settings.get(companyId), db.companies.get(companyId)]);
      if (!settings) throw new ApiError(ErrorCode.VALIDATION, 'Connect your store in Settings first');
      if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
      const accessToken = readToken(secrets, settings);
      if (!accessToken) throw new ApiError(ErrorCode.VALIDATION, UNREADABLE_TOKEN_MESSAGE, { fields: { accessToken: UNREADABLE_TOKEN_MESSAGE } });
      const handle = await syncs.start(companyId);
      if (!handle) throw new ApiError(ErrorCode.CONFLICT, 'A sync is already running for this store');

      c.header('Content-Type', 'text/event-stream; charset=utf-8');
      // no-transform: neither our compression nor a proxy may hold blocks back.
      c.header('Cache-Control', 'no-store, no-transform');
      c.header('X-Accel-Buffering', 'no');
      return stream(c, async (out) => {
        // Writes are not awaited: a slow reader must not slow the sync (blocks queue in order).
        // A reader that went away leaves the sync running to the end; its slot is freed then.
        const send = (event: SyncEvent) => void out.write(encodeSyncEvent(event));
        // Incremental after a full pass that held the whole store; a full pass otherwise (sync-mode.ts).
        const since = incrementalSince(settings, new Date());
        try {
          const outcome = await runSync({
            db,
            client: commerce({ storeHash: settings.storeHash, accessToken, priority: 'background' }),
            companyId,
            includeInvisible: settings.showInvisibleProducts,
            since,
            plan: { name: planFor(company.subscriptionPlan).name, productLimit: company.productLimit },
            signal: handle.signal,
            onProgress: (progress) => {
              handle.report(progress);
              send({ kind: 'progress', progress });
            },
          });
          log.info('sync finished', { companyId, status: outcome.status, incremental: since !== undefined, ...outcome.stats });
          if (outcome.status === 'complete') send({ kind: 'result', result: outcome.result });
        } catch (err) {
          const error = err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err);
          if (isBigCommerceError(err)) log.warn('sync failed: the store', { companyId, error, kind: err.kind, status: err.status });
          else log.error('sync failed', { companyId, error });
          send({ kind: 'error', error: { message: syncErrorMessage(err) } });
        } finally {
          await syncs.finish(handle);
        }
      });
    },
    'POST /api/sync/cancel': async (c) => {
      if (!(await syncs.cancel(c.get('user').companyId))) throw new ApiError(ErrorCode.NOT_FOUND, 'No sync is running');
      return c.json({ message: 'Cancelling the sync' });
    },
    'GET /api/sync/status': async (c) => {
      const status = await syncs.status(c.get('user').companyId);
      const body: SyncStatus = status.running ? { ...status, startedAt: status.startedAt.toISOString() } : { running: false };
      return c.json(body);
    },
  });
}
