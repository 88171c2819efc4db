/**
 * Adopting an installation (decision 056): an install whose BigCommerce user's address already
 * signs in to the app does not make a second account for it, nor join the account by email
 * (decision 020). Its page links to the web app with an adoption code: the install's exchanged
 * token and users, encrypted under APP_SECRET, valid 30 minutes and accepted once. The owner of
 * a company, signed in, adopts it (POST /api/bigcommerce/adopt): their company gets the store's
 * installation and token, and that BigCommerce user opens the app as them from then on. The code
 * proves BigCommerce's side (only the installing browser got it), the session ours.
 */
import { randomUUID } from 'node:crypto';
import { ADOPTION_CODE_TTL_MS, APP_PAGE_MESSAGES } from '@catalog/contracts/bigcommerce-app';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { z } from 'zod';
import type { User } from '../../db/repositories';
import { SecretDecryptError } from '../../lib/secrets';
import { syncInBackground } from '../sync/background-sync';
import type { BigCommerceAppDeps, CallbackLog } from './app-deps';
import { connectInstallation } from './connect-installation';
import type { Exchanged } from './oauth-exchange';

const CONTEXT = 'bigcommerce-adoption';

const Person = z.object({ id: z.number().int(), email: z.string() });
const Pending = z.object({
  storeHash: z.string(),
  jti: z.string(),
  exp: z.number(),
  token: z.object({ accessToken: z.string(), scope: z.string(), user: Person, owner: Person, accountUuid: z.string().nullable() }),
});

/** The adoption code of an install: encrypted, so its token is never readable in a URL. */
export function adoptionCode(deps: Pick<BigCommerceAppDeps, 'secrets'>, pending: { storeHash: string; token: Exchanged }, now: Date): string {
  const body = { ...pending, jti: randomUUID(), exp: now.getTime() + ADOPTION_CODE_TTL_MS };
  return deps.secrets.encrypt(JSON.stringify(body), CONTEXT);
}

function readCode(deps: Pick<BigCommerceAppDeps, 'secrets'>, code: string): z.infer<typeof Pending> | null {
  try {
    const parsed = Pending.safeParse(JSON.parse(deps.secrets.decrypt(code, CONTEXT)));
    return parsed.success ? parsed.data : null;
  } catch (err) {
    if (err instanceof SecretDecryptError || err instanceof SyntaxError) return null;
    throw err;
  }
}

/** The caller (their company's owner: the route's permission) adopts the installation the code carries. */
export async function adopt(deps: BigCommerceAppDeps, caller: User, code: string, log: CallbackLog): Promise<{ storeHash: string }> {
  const { db } = deps;
  const now = deps.now();
  const pending = readCode(deps, code);
  if (!pending || pending.exp <= now.getTime()) throw new ApiError(ErrorCode.VALIDATION, APP_PAGE_MESSAGES.adoptionInvalid, { fields: { code: APP_PAGE_MESSAGES.adoptionInvalid } });
  const { storeHash } = pending;
  const settings = await db.settings.get(caller.companyId);
  if (settings && settings.storeHash !== storeHash) throw new ApiError(ErrorCode.CONFLICT, APP_PAGE_MESSAGES.adoptionOtherStore(settings.storeHash));
  const installation = await db.bigcommerceApp.installation(storeHash);
  if (installation && installation.companyId !== caller.companyId && !installation.uninstalledAt) throw new ApiError(ErrorCode.CONFLICT, APP_PAGE_MESSAGES.adoptionTaken);
  // Once: a second use of the same link is refused (the jti is kept until the code expires).
  if (!(await db.bigcommerceApp.acceptPayloadId(pending.jti, new Date(pending.exp), now))) {
    throw new ApiError(ErrorCode.VALIDATION, APP_PAGE_MESSAGES.adoptionInvalid, { fields: { code: APP_PAGE_MESSAGES.adoptionInvalid } });
  }
  // An uninstalled installation of another company (its data waiting out the 30 days) gives way.
  if (installation && installation.companyId !== caller.companyId) await db.bigcommerceApp.deleteInstallation(storeHash);
  await connectInstallation(deps, { companyId: caller.companyId, storeHash, token: pending.token, linkTo: caller.id }, log);
  void syncInBackground({ db, secrets: deps.secrets, commerce: deps.commerce, syncs: deps.syncs, log }, caller.companyId);
  log.info('adopted a BigCommerce installation', { store: storeHash, companyId: caller.companyId });
  return { storeHash };
}
