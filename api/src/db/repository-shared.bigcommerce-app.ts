/**
 * What the BigCommerce app repositories of both dialects share (sqlite/bigcommerce-app.ts,
 * pg/bigcommerce-app.ts), written once against a table of either schema: the conditions of
 * their statements, the rows an install writes and the mapper of an installation read.
 */
import { and, asc, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import type { Installation, InstallationInput } from './repositories.bigcommerce-app';
import type { Twin } from './repository-shared';

type Installations = Twin<'bigcommerceInstallations'>;

/** An install (or an install again): every field the input gives, and installed (uninstalledAt null). */
export function installationUpsert(input: InstallationInput) {
  const set = {
    companyId: input.companyId,
    ownerBcUserId: input.ownerBcUserId,
    accountUuid: input.accountUuid,
    scopes: input.scopes,
    installedAt: input.installedAt,
    uninstalledAt: null,
  };
  return { values: { storeHash: input.storeHash, ...set }, set };
}

/** The store's installation while it is installed (an uninstall marks it once). */
export function installedStore(t: Installations, storeHash: string): SQL | undefined {
  return and(eq(t.storeHash, storeHash), isNull(t.uninstalledAt));
}

/** Installations uninstalled before `before`, and their order: oldest uninstall first. */
export function uninstalledBeforeQuery(t: Installations, before: Date) {
  return { where: lt(t.uninstalledAt, before), orderBy: [asc(t.uninstalledAt), asc(t.storeHash)] };
}

/** A store's BigCommerce user. */
export function storeUser(t: Twin<'bigcommerceUsers'>, storeHash: string, bcUserId: number): SQL | undefined {
  return and(eq(t.storeHash, storeHash), eq(t.bcUserId, bcUserId));
}

/** Payload ids whose payload expired before `now` (a replay of it is refused for being expired). */
export function expiredPayloadIds(t: Twin<'bigcommercePayloadIds'>, now: Date): SQL {
  return lt(t.expiresAt, now);
}

/** Sign-in codes that expired before `now`, used or not. */
export function expiredSignInCodes(t: Twin<'signInCodes'>, now: Date): SQL {
  return lt(t.expiresAt, now);
}

/** The code `codeHash` while it can be taken at `now`: unused and not expired. */
export function takeableSignInCode(t: Twin<'signInCodes'>, codeHash: string, now: Date): SQL | undefined {
  return and(eq(t.codeHash, codeHash), isNull(t.usedAt), gt(t.expiresAt, now));
}

/** The installation read, as the contract gives it. */
export function toInstallation(row: Installations['$inferSelect']): Installation {
  return {
    storeHash: row.storeHash,
    companyId: row.companyId,
    ownerBcUserId: row.ownerBcUserId,
    accountUuid: row.accountUuid,
    scopes: row.scopes,
    installedAt: row.installedAt,
    uninstalledAt: row.uninstalledAt,
  };
}
