/**
 * The install (GET /bigcommerce/auth, auth.mdx): the code is exchanged for the store's token; the
 * installing BigCommerce user becomes the owner of a company for the store on the trial plan, as
 * a sign-up does, or, installing again within 30 days of an uninstall, finds the store's company
 * with its data; the token is stored encrypted as a pasted one is; the webhooks are registered
 * (store/app/uninstalled among them); the first sync starts; and the installer is signed in with
 * a one-time code. Never matched by email or store hash alone (decision 020, decision 056): an
 * email that already signs in to the app gets a page with a link to adopt the installation,
 * signed in as that account's owner (adopt.ts).
 */
import { ADOPT_INSTALLATION_PATH, APP_PAGE_MESSAGES, bigCommerceUid, missingScopes, storeHashOf, type AuthCallbackQuery } from '@catalog/contracts/bigcommerce-app';
import { DEFAULT_PLAN, PLANS } from '@catalog/contracts/plans';
import { ownCompanyName } from '@catalog/contracts/team';
import { IdentityConflictError } from '../../db/errors';
import type { Installation } from '../../db/repositories';
import { syncInBackground } from '../sync/background-sync';
import type { BigCommerceAppDeps, CallbackLog, Refusal } from './app-deps';
import { ExchangeError, exchangeCode, type Exchanged } from './oauth-exchange';
import { adoptionCode } from './adopt';
import { connectInstallation } from './connect-installation';
import { issueSignInCode } from './sign-in-codes';
import { userForStore } from './store-users';

const FAILED = 'The app could not be installed';

export type InstallOutcome =
  | { ok: true; path: string; companyId: string; firstSync: Promise<boolean> }
  | { ok: false; refusal: Refusal; action?: { href: string; label: string } };

const refuse = (status: Refusal['status'], message: string, title = FAILED): InstallOutcome => ({ ok: false, refusal: { status, title, message } });

/** The store's company: the installation's (installed, or uninstalled less than 30 days ago), else a new one owned by the installer. */
async function companyFor(deps: BigCommerceAppDeps, storeHash: string, token: Exchanged, previous: Installation | null): Promise<{ companyId: string } | { adopt: true }> {
  const { db } = deps;
  if (previous && (await db.companies.get(previous.companyId))) return { companyId: previous.companyId };
  const uid = bigCommerceUid(storeHash, token.user.id);
  const existing = await db.users.getByFirebaseUid(uid);
  if (existing) return { companyId: existing.companyId };
  if (await db.users.getByEmail(token.user.email)) return { adopt: true };
  try {
    const user = await db.users.provision({
      firebaseUid: uid,
      email: token.user.email,
      emailVerified: true,
      companyName: ownCompanyName(null, token.user.email),
      subscriptionPlan: DEFAULT_PLAN,
      productLimit: PLANS[DEFAULT_PLAN].productLimit,
      now: deps.now(),
    });
    return { companyId: user.companyId };
  } catch (err) {
    // The address was taken a moment ago (a sign-up racing the install).
    if (err instanceof IdentityConflictError) return { adopt: true };
    throw err;
  }
}

export async function install(deps: BigCommerceAppDeps, query: AuthCallbackQuery, log: CallbackLog): Promise<InstallOutcome> {
  const { db, app } = deps;
  const storeHash = storeHashOf(query.context)?.toLowerCase();
  if (!storeHash) return refuse(400, APP_PAGE_MESSAGES.invalidLink);
  let token: Exchanged;
  try {
    token = await exchangeCode({ ...app, code: query.code, scope: query.scope, context: query.context, fetch: deps.fetch });
  } catch (err) {
    if (!(err instanceof ExchangeError)) throw err;
    log.warn('the install\u2019s code exchange failed', { store: storeHash, error: err.message });
    return refuse(502, APP_PAGE_MESSAGES.exchangeFailed);
  }
  const missing = missingScopes(token.scope);
  if (missing.length > 0) return refuse(403, APP_PAGE_MESSAGES.missingScopes(missing));

  const previous = await db.bigcommerceApp.installation(storeHash);
  const found = await companyFor(deps, storeHash, token, previous);
  if ('adopt' in found) {
    // The address signs in already: its owner may adopt the installation, signed in (decision 056).
    const code = adoptionCode(deps, { storeHash, token }, deps.now());
    return { ok: false, refusal: { status: 409, title: 'This store can be adopted', message: APP_PAGE_MESSAGES.emailTaken(token.user.email) }, action: { href: `${ADOPT_INSTALLATION_PATH}#code=${code}`, label: APP_PAGE_MESSAGES.adopt } };
  }
  const { companyId } = found;
  const now = deps.now();
  await connectInstallation(deps, { companyId, storeHash, token }, log);

  // The installer: the company's owner when new, else whoever they are (or become) there.
  const installer = await userForStore(db, { storeHash, companyId }, token.user, now);
  if ('status' in installer) return { ok: false, refusal: installer };
  const firstSync = syncInBackground({ db, secrets: deps.secrets, commerce: deps.commerce, syncs: deps.syncs, log }, companyId);
  const { path } = await issueSignInCode(db, installer.id, now);
  log.info('installed from BigCommerce', { store: storeHash, companyId, again: previous !== null });
  return { ok: true, path, companyId, firstSync };
}
