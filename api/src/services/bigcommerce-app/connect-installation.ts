/**
 * A store's installation joins a company (an install, or an owner adopting one): the token is
 * kept as a pasted one is (encrypted, under the company; another store's catalog goes), the
 * installation is recorded, the installing BigCommerce user is linked to the company's user
 * when known, and the webhooks are registered with store/app/uninstalled among them.
 */
import { STORE_CHANGED_ERROR } from '@catalog/contracts/work-order-rules';
import type { Database } from '../../db/repositories';
import { encryptToken, readToken } from '../store-connection';
import { webhooksAfterSave } from '../store-webhooks/webhooks-on-connect';
import type { BigCommerceAppDeps, CallbackLog } from './app-deps';
import type { Exchanged } from './oauth-exchange';

export async function connectInstallation(
  deps: Pick<BigCommerceAppDeps, 'db' | 'secrets' | 'commerce' | 'app' | 'webhookOrigin' | 'now'>,
  target: { companyId: string; storeHash: string; token: Exchanged; /** Our user the installing BigCommerce user is (adoption: the owner). */ linkTo?: string },
  log: CallbackLog,
): Promise<void> {
  const { db } = deps;
  const { companyId, storeHash, token } = target;
  const now = deps.now();
  const saved = await db.settings.get(companyId);
  const savedToken = saved ? readToken(deps.secrets, saved) : null;
  const storeChanged = !!saved && saved.storeHash !== storeHash;
  if (storeChanged) await forgetCatalog(db, companyId);
  await db.settings.upsert(companyId, {
    storeHash,
    accessToken: encryptToken(deps.secrets, companyId, token.accessToken),
    clientId: deps.app.clientId,
    showStockStatus: saved?.showStockStatus ?? false,
    showInvisibleProducts: saved?.showInvisibleProducts ?? false,
    ...(storeChanged ? { lastSyncAt: null, syncSince: null, fullSyncAt: null } : {}),
  }, now);
  // As when Settings connect another store: orders naming the old store's products do not run.
  if (storeChanged) await db.workOrders.cancelPendingOfOtherStores(companyId, storeHash, STORE_CHANGED_ERROR, now);
  await db.bigcommerceApp.saveInstallation({ storeHash, companyId, ownerBcUserId: token.owner.id, accountUuid: token.accountUuid, scopes: token.scope, installedAt: now });
  if (target.linkTo) await db.bigcommerceApp.linkUser(storeHash, token.user.id, target.linkTo, now);
  await webhooksAfterSave(
    { db, secrets: deps.secrets, commerce: deps.commerce, origin: deps.webhookOrigin, log },
    { companyId, storeHash, accessToken: token.accessToken, installed: true },
    saved ? { settings: saved, accessToken: savedToken } : null,
  );
}

/** Another store's products share nothing with this one's (ids would collide): its catalog starts afresh. */
async function forgetCatalog(db: Database, companyId: string): Promise<void> {
  await db.products.deleteAll(companyId);
  await db.storeTaxonomy.clear(companyId);
  await db.priceLists.clear(companyId);
}
