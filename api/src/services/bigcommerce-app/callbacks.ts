/**
 * The callbacks BigCommerce makes with a signed payload (callbacks.mdx): load (the merchant opens
 * the app in the control panel), uninstall, and remove_user. Each verifies the payload exactly
 * (signed-payload.ts), accepts its `jti` once, and needs the store installed; any of that failing
 * is a 401 with nothing written. Load answers with a one-time sign-in code for the user
 * (provisioned as a member the first time); uninstall forgets the token and the webhooks and
 * stops the company's pending orders, keeping its data for 30 days; remove_user moves the user
 * out of the store's company (never its owner), as the Team page's removal does.
 */
import { APP_PAGE_MESSAGES, UNINSTALLED_REASON } from '@catalog/contracts/bigcommerce-app';
import type { Installation } from '../../db/repositories';
import { readToken } from '../store-connection';
import { dropWebhooks } from '../store-webhooks/webhooks-on-connect';
import { removeMember } from '../team/remove-member';
import type { BigCommerceAppDeps, CallbackLog, Refusal } from './app-deps';
import { InvalidPayloadError, type SignedPayload, verifySignedPayload } from './signed-payload';
import { issueSignInCode } from './sign-in-codes';
import { userForStore } from './store-users';

const INVALID: Refusal = { status: 401, title: 'This link is not valid', message: APP_PAGE_MESSAGES.invalidLink };

type Verified = { payload: SignedPayload; installation: Installation };

/** The payload, verified, its jti accepted once, for an installed store; else the 401 refusal. */
async function verified(deps: BigCommerceAppDeps, jwt: string, log: CallbackLog): Promise<Verified | Refusal> {
  const now = deps.now();
  let payload: SignedPayload;
  try {
    payload = await verifySignedPayload(jwt, deps.app, now);
  } catch (err) {
    if (!(err instanceof InvalidPayloadError)) throw err;
    log.warn('refused a BigCommerce signed payload', { reason: err.message });
    return INVALID;
  }
  const installation = await deps.db.bigcommerceApp.installation(payload.storeHash);
  if (!installation || installation.uninstalledAt) {
    log.warn('refused a signed payload for a store that has not installed the app', { store: payload.storeHash });
    return { status: 401, title: 'This link is not valid', message: APP_PAGE_MESSAGES.notInstalled };
  }
  if (!(await deps.db.bigcommerceApp.acceptPayloadId(payload.jti, payload.expiresAt, now))) {
    log.warn('refused a replayed signed payload', { store: payload.storeHash });
    return INVALID;
  }
  return { payload, installation };
}

/** GET /bigcommerce/load: the path that signs the user in (`/sign-in/code#code=...`), or a refusal. */
export async function load(deps: BigCommerceAppDeps, jwt: string, log: CallbackLog): Promise<{ path: string } | Refusal> {
  const v = await verified(deps, jwt, log);
  if ('status' in v) return v;
  const { payload, installation } = v;
  const user = await userForStore(deps.db, installation, payload.user, deps.now());
  if ('status' in user) return user;
  return { path: (await issueSignInCode(deps.db, user.id, deps.now())).path };
}

/**
 * Forgets the store's token and webhooks, stops the company's pending and scheduled orders with
 * the reason, and marks the installation uninstalled (its data stays 30 days). Also the
 * `store/app/uninstalled` webhook's work; doing it twice changes nothing the second time.
 */
export async function forgetInstallation(deps: Pick<BigCommerceAppDeps, 'db' | 'secrets' | 'commerce' | 'now'>, installation: Installation, log: CallbackLog): Promise<void> {
  const { db } = deps;
  const settings = await db.settings.get(installation.companyId);
  if (settings && settings.storeHash === installation.storeHash) {
    // The token is usually revoked already: removing the hooks is best effort (dropWebhooks logs).
    await dropWebhooks({ db, secrets: deps.secrets, commerce: deps.commerce, origin: undefined, log }, { settings, accessToken: readToken(deps.secrets, settings) });
    await db.settings.delete(installation.companyId);
  }
  await db.workOrders.cancelPendingOfOtherStores(installation.companyId, '', UNINSTALLED_REASON, deps.now());
  if (await db.bigcommerceApp.markUninstalled(installation.storeHash, deps.now())) {
    log.info('uninstalled from BigCommerce', { store: installation.storeHash, companyId: installation.companyId });
  }
}

/** GET /bigcommerce/uninstall: by the store owner or a user of the app. */
export async function uninstall(deps: BigCommerceAppDeps, jwt: string, log: CallbackLog): Promise<{ ok: true } | Refusal> {
  const v = await verified(deps, jwt, log);
  if ('status' in v) return v;
  await forgetInstallation(deps, v.installation, log);
  return { ok: true };
}

/** GET /bigcommerce/remove_user: the store owner revoked a user's access. */
export async function removeUser(deps: BigCommerceAppDeps, jwt: string, log: CallbackLog): Promise<{ ok: true } | Refusal> {
  const v = await verified(deps, jwt, log);
  if ('status' in v) return v;
  const { payload, installation } = v;
  const { db } = deps;
  const userId = await db.bigcommerceApp.userOf(installation.storeHash, payload.user.id);
  const user = userId ? await db.users.getById(installation.companyId, userId) : null;
  if (!user) return { ok: true };
  if (user.role === 'owner') {
    log.warn('BigCommerce asked to remove the company\u2019s owner; kept', { store: installation.storeHash, userId: user.id });
    return { ok: true };
  }
  // The owner who made the company leads its users (UsersRepository.listByCompany): one row, not the team.
  const [owner] = await db.users.listByCompany(installation.companyId, { limit: 1 });
  if (owner?.role === 'owner') await removeMember(db, owner, user.id, deps.now());
  await db.bigcommerceApp.unlinkUser(installation.storeHash, payload.user.id);
  log.info('removed a BigCommerce user from the store\u2019s company', { store: installation.storeHash, userId: user.id });
  return { ok: true };
}
