/**
 * GET /api/settings (settings.read): the store connection with the access token masked, or null
 * before one is saved. POST /api/settings (settings.update; who may: the permission table,
 * decision 019): saves it after the store accepted the credentials; the token is stored
 * encrypted, and a masked token sent back keeps the saved one. Connecting another store starts
 * its catalog afresh and cancels the company's pending and scheduled work orders (they name the
 * old store's products). DELETE /api/settings (settings.update) disconnects the store: the same,
 * and the credentials are forgotten. Saving registers the store's webhooks, connecting another
 * store or disconnecting removes them (decision 036; webhooks-on-connect.ts).
 * GET /api/settings/prior-price-publication (settings.readPublication: owners and admins): how the
 * lowest prior price stands on the storefront (issue 36 item 3; publication-status.ts).
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { PriorPricePublicationStatus } from '@catalog/contracts/prior-price-publication';
import type { SettingsResponse } from '@catalog/contracts/settings';
import { STORE_CHANGED_ERROR } from '@catalog/contracts/work-order-rules';
import type { ApiSettings, Database } from '../../db/repositories';
import type { SecretBox } from '../../lib/secrets';
import type { SyncRegistry } from '../../services/sync/sync-registry';
import { publicationStatus } from '../../services/prior-price-metafields/publication-status';
import { dropWebhooks, webhooksAfterSave, type WebhookDeps } from '../../services/store-webhooks/webhooks-on-connect';
import type { Config } from '../../config';
import {
  encryptToken, isMaskedToken, maskToken, readToken, verifyStoreCredentials, type CommerceFactory,
} from '../../services/store-connection';
import { defineRoutes } from '../define-routes';

interface SettingsDeps {
  db: Database;
  secrets: SecretBox;
  commerce: CommerceFactory;
  syncs: SyncRegistry;
  config: Partial<Pick<Config, 'storeWebhookUrl'>>;
}

function toResponse(settings: ApiSettings, token: string | null): NonNullable<SettingsResponse> {
  return {
    storeHash: settings.storeHash,
    accessToken: maskToken(token),
    clientId: settings.clientId,
    showStockStatus: settings.showStockStatus,
    showInvisibleProducts: settings.showInvisibleProducts,
    lastSyncAt: settings.lastSyncAt ? settings.lastSyncAt.toISOString() : null,
  };
}

export function settingsRoutes({ db, secrets, commerce, syncs, config }: SettingsDeps) {
  const hooks = (log: WebhookDeps['log']): WebhookDeps => ({ db, secrets, commerce, origin: config.storeWebhookUrl, log });
  return defineRoutes({
    'GET /api/settings': async (c) => {
      const settings = await db.settings.get(c.get('user').companyId);
      const body: SettingsResponse = settings ? toResponse(settings, readToken(secrets, settings)) : null;
      return c.json(body);
    },
    'POST /api/settings': async (c, { body: input }) => {
      const { companyId } = c.get('user');
      const saved = await db.settings.get(companyId);
      const savedToken = saved ? readToken(secrets, saved) : null;

      let accessToken = input.accessToken;
      if (isMaskedToken(accessToken)) {
        // The form sends back what GET showed: keep the saved token.
        if (!savedToken) {
          const message = 'Please enter the access token';
          throw new ApiError(ErrorCode.VALIDATION, message, { fields: { accessToken: message } });
        }
        accessToken = savedToken;
      }
      const storeChanged = !!saved && saved.storeHash !== input.storeHash;
      if (storeChanged && (await syncs.isRunning(companyId))) {
        throw new ApiError(ErrorCode.CONFLICT, 'A sync is running: cancel it or let it finish before connecting another store');
      }
      // Credentials the store accepted at the last save are not asked again when only preferences change.
      if (!saved || storeChanged || accessToken !== savedToken) {
        await verifyStoreCredentials(commerce({ storeHash: input.storeHash, accessToken, priority: 'foreground' }));
      }
      if (storeChanged) {
        // Another store's products share nothing with this one's (ids would collide): start its catalog afresh.
        await db.products.deleteAll(companyId);
        await db.storeTaxonomy.clear(companyId);
        await db.priceLists.clear(companyId);
      }
      const settings = await db.settings.upsert(companyId, {
        storeHash: input.storeHash,
        accessToken: encryptToken(secrets, companyId, accessToken),
        clientId: input.clientId,
        showStockStatus: input.showStockStatus,
        showInvisibleProducts: input.showInvisibleProducts,
        ...(storeChanged ? { lastSyncAt: null } : {}),
        // Another store, or products shown or hidden anew: the next Sync reads the whole catalog.
        ...(storeChanged || saved?.showInvisibleProducts !== input.showInvisibleProducts ? { syncSince: null, fullSyncAt: null } : {}),
      });
      if (storeChanged) {
        // After the new hash is saved, so an order created meanwhile (recording the old hash) is
        // caught too; one created from settings read before the save and inserted after this
        // statement is refused by the executor, which compares its store with the saved one.
        await db.workOrders.cancelPendingOfOtherStores(companyId, settings.storeHash, STORE_CHANGED_ERROR);
      }
      await webhooksAfterSave(hooks(c.get('log')), { companyId, storeHash: settings.storeHash, accessToken }, saved ? { settings: saved, accessToken: savedToken } : null);
      return c.json(toResponse(settings, accessToken));
    },
    'DELETE /api/settings': async (c) => {
      const { companyId } = c.get('user');
      const saved = await db.settings.get(companyId);
      if (!saved) throw new ApiError(ErrorCode.NOT_FOUND, 'No store is connected');
      if (await syncs.isRunning(companyId)) {
        throw new ApiError(ErrorCode.CONFLICT, 'A sync is running: cancel it or let it finish before disconnecting the store');
      }
      await dropWebhooks(hooks(c.get('log')), { settings: saved, accessToken: readToken(secrets, saved) });
      // As when another store is connected: nothing of this store's catalog or its pending orders stays.
      await db.products.deleteAll(companyId);
      await db.storeTaxonomy.clear(companyId);
      await db.priceLists.clear(companyId);
      await db.settings.delete(companyId);
      await db.workOrders.cancelPendingOfOtherStores(companyId, '', STORE_CHANGED_ERROR);
      const body: SettingsResponse = null;
      return c.json(body);
    },
    'GET /api/settings/prior-price-publication': async (c) => {
      const status = await publicationStatus(db, c.get('user').companyId);
      if (!status) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
      return c.json(status satisfies PriorPricePublicationStatus);
    },
  });
}
