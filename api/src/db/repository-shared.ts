/**
 * What the SQLite and PostgreSQL repositories share (decision 002), so the twins cannot drift:
 * drizzle conditions built from a table of either schema (`Twin<'users'>`: the SQLite or the
 * PostgreSQL table, the same columns by schema-parity.test.ts), the rows an insert writes, and
 * the mappers of rows read. A dialect's file keeps what really differs: how a statement runs
 * (`.get/.all/.run` or `await`), its transactions and its locks.
 *
 * Work orders' conditions and rows are in repository-shared.work-orders.ts.
 */
import { and, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { normalizeEmail } from './email';
import type {
  ActivityLease, ApiSettings, CompanyActivity, ExportedPriceHistoryEntry, InvitationStatus, InvitationsForEmail, ListedPriceHistoryEntry, NewCompany, NewInvitation, NewUser,
  PriceHistoryEntry, PriceHistoryPageOptions, Product, ProductVariant, ProvisionInput, SettingsInput, SyncPass,
} from './repositories';
import type * as pg from './schema.pg';
import type * as sqlite from './schema.sqlite';

/** A table of both schemas, as either dialect's repository holds it. */
export type Twin<K extends keyof typeof sqlite & keyof typeof pg> = (typeof sqlite)[K] | (typeof pg)[K];

// ---------------------------------------------------------------- companies and users

/** The row a new company is inserted as: a fresh id and the trial plan (5 products) unless given. */
export function newCompanyRow(input: NewCompany, now: Date) {
  return {
    id: input.id ?? crypto.randomUUID(),
    name: input.name,
    subscriptionPlan: input.subscriptionPlan ?? 'trial',
    productLimit: input.productLimit ?? 5,
    createdAt: now,
    updatedAt: now,
  };
}

/** The row a new user is inserted as: the email normalised, a member unless a role is given. */
export function newUserRow(input: NewUser, now: Date) {
  return {
    id: input.id ?? crypto.randomUUID(),
    companyId: input.companyId,
    email: normalizeEmail(input.email),
    firebaseUid: input.firebaseUid ?? null,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    profileImageUrl: input.profileImageUrl ?? null,
    role: input.role ?? 'member',
    createdAt: now,
    updatedAt: now,
  };
}

/** A first sign-in's rows: a company of their own (from the input) and the user as its owner. */
export function provisionedRows(input: ProvisionInput, now: Date) {
  const company = newCompanyRow(
    { name: input.companyName, subscriptionPlan: input.subscriptionPlan, productLimit: input.productLimit }, now,
  );
  const user = newUserRow({
    companyId: company.id,
    email: input.email,
    firebaseUid: input.firebaseUid,
    firstName: input.firstName,
    lastName: input.lastName,
    profileImageUrl: input.profileImageUrl,
    role: 'owner',
  }, now);
  return { company, user };
}

/** The user `id`, only in `companyId` (another company's user is absent). */
export function userInCompany(users: Twin<'users'>, companyId: string, id: string): SQL | undefined {
  return and(eq(users.companyId, companyId), eq(users.id, id));
}

// ---------------------------------------------------------------- invitations

/** The row a new invitation is inserted as: the email normalised, pending, for a member unless a role is given. */
export function newInvitationRow(companyId: string, input: NewInvitation) {
  return {
    id: input.id ?? crypto.randomUUID(),
    companyId,
    email: normalizeEmail(input.email),
    role: input.role ?? 'member',
    invitedBy: input.invitedBy ?? null,
    token: input.token,
    expiresAt: input.expiresAt,
    createdAt: input.now ?? new Date(),
  };
}

/** The invitation `id` of `companyId` while it can be accepted: pending and not expired at `now`. */
export function acceptableInvitation(inv: Twin<'companyInvitations'>, companyId: string, id: string, now: Date): SQL | undefined {
  return and(eq(inv.companyId, companyId), eq(inv.id, id), eq(inv.status, 'pending'), gt(inv.expiresAt, now));
}

/** The invitation `id` of `companyId` while it can be cancelled: pending or expired (an accepted or cancelled one stays as it is). */
export function cancellableInvitation(inv: Twin<'companyInvitations'>, companyId: string, id: string): SQL | undefined {
  return and(eq(inv.companyId, companyId), eq(inv.id, id), inArray(inv.status, ['pending', 'expired']));
}

/**
 * The invitations a list shows: of `status` when given, else every one but the cancelled
 * (tombstones kept only so their link can answer 410; no list or count shows them).
 */
export function listedInvitations(inv: Twin<'companyInvitations'>, status: InvitationStatus | undefined): SQL | undefined {
  return status ? eq(inv.status, status) : ne(inv.status, 'cancelled');
}

/** The invitations of `companyId` (InvitationsRepository.listByCompany), before their order and page. */
export function invitationsOfCompany(inv: Twin<'companyInvitations'>, companyId: string, status: InvitationStatus | undefined): SQL | undefined {
  return and(eq(inv.companyId, companyId), listedInvitations(inv, status));
}

/** The invitations addressed to `email` (InvitationsRepository.listByEmail), before their order and page. */
export function invitationsForEmail(inv: Twin<'companyInvitations'>, email: string, opts: InvitationsForEmail): SQL | undefined {
  return and(
    eq(inv.email, normalizeEmail(email)),
    listedInvitations(inv, opts.status),
    opts.openAt ? and(eq(inv.status, 'pending'), gt(inv.expiresAt, opts.openAt)) : undefined,
    opts.exceptCompanyId === undefined ? undefined : ne(inv.companyId, opts.exceptCompanyId),
  );
}

// ---------------------------------------------------------------- settings

/** The settings row of a company's first save (later saves overwrite the given fields). */
export function newSettingsRow(companyId: string, input: SettingsInput, now: Date) {
  return { id: crypto.randomUUID(), companyId, ...input, createdAt: now, updatedAt: now } satisfies Partial<ApiSettings>;
}

/** Webhooks removed: their health checks and known-good moment go with them (new ones start afresh). */
export const NO_CHECKS = { webhooksCheckedAt: null, webhooksGoodAt: null } as const;

/** The later of two moments, either possibly unknown. */
export function laterOf(a: Date | null, b: Date | null): Date | null {
  if (!a || !b) return a ?? b;
  return a.getTime() >= b.getTime() ? a : b;
}

// ---------------------------------------------------------------- company activities

/** The lease row of an acquisition; also what a takeover of an expired lease sets. */
export function activityLeaseRow(input: { owner: string; now: Date; expiresAt: Date }) {
  return { owner: input.owner, startedAt: input.now, expiresAt: input.expiresAt, cancelRequested: false, progress: null };
}

/** The company's activity row, live or not. */
export function activityOf(ca: Twin<'companyActivities'>, companyId: string, activity: CompanyActivity): SQL | undefined {
  return and(eq(ca.companyId, companyId), eq(ca.activity, activity));
}

/** The company's activity row while its lease is live at `now`. */
export function liveActivity(ca: Twin<'companyActivities'>, companyId: string, activity: CompanyActivity, now: Date): SQL | undefined {
  return and(activityOf(ca, companyId, activity), gt(ca.expiresAt, now));
}

/** The company's activity row while `owner` holds it (a renewal or release touches only its own lease). */
export function heldActivity(ca: Twin<'companyActivities'>, companyId: string, activity: CompanyActivity, owner: string): SQL | undefined {
  return and(activityOf(ca, companyId, activity), eq(ca.owner, owner));
}

/** A lease row as the repository answers it (the column is text; the activities are ours). */
export function toActivityLease<R extends Omit<ActivityLease, 'activity'> & { activity: string }>(row: R): ActivityLease {
  return { ...row, activity: row.activity as CompanyActivity };
}

// ---------------------------------------------------------------- idempotency keys

/** The company's key. */
export function idempotencyKeyOf(ik: Twin<'idempotencyKeys'>, companyId: string, key: string): SQL | undefined {
  return and(eq(ik.companyId, companyId), eq(ik.key, key));
}

/** The company's key while its first request is still being processed (no answer recorded). */
export function unfinishedClaim(ik: Twin<'idempotencyKeys'>, companyId: string, key: string): SQL | undefined {
  return and(idempotencyKeyOf(ik, companyId, key), isNull(ik.status));
}

/** An unfinished claim made before `staleBefore`: its process died, another request may take it over. */
export function staleClaim(ik: Twin<'idempotencyKeys'>, companyId: string, key: string, staleBefore: Date): SQL | undefined {
  return and(unfinishedClaim(ik, companyId, key), lt(ik.createdAt, staleBefore));
}

// ---------------------------------------------------------------- catalog writes

/** The company's live products, optionally only these store ids: what a tombstoning removes. */
export function liveProductsWhere(products: Twin<'products'>, companyId: string, externalIds?: readonly number[]): SQL | undefined {
  return and(
    eq(products.companyId, companyId), isNull(products.deletedAt),
    externalIds ? inArray(products.externalId, [...externalIds]) : undefined,
  );
}

/**
 * The live variants of the products a tombstoning just numbered `first` .. `last` (it numbers
 * exactly the products it tombstones, consecutively).
 */
export function variantsOfTombstonedWhere(variants: Twin<'productVariants'>, companyId: string, first: number, last: number): SQL | undefined {
  return and(
    eq(variants.companyId, companyId), isNull(variants.deletedAt),
    sql`${variants.productId} in (select id from products where company_id = ${companyId}
      and version between ${first} and ${last})`,
  );
}

/** What a price edit writes to a planned product or variant row (catalog-plan's planPriceChanges). */
export function pricePatch<R extends Product | ProductVariant>(row: R): Pick<R, 'regularPriceCents' | 'salePriceCents' | 'retailPriceCents' | 'lastUpdated' | 'version'> {
  return {
    regularPriceCents: row.regularPriceCents, salePriceCents: row.salePriceCents, retailPriceCents: row.retailPriceCents,
    lastUpdated: row.lastUpdated, version: row.version,
  };
}

// ---------------------------------------------------------------- price history

/** A listed entry: the row joined with the store's ids of its product and variant (null for none). */
export function toListedEntry(r: {
  entry: PriceHistoryEntry;
  productExternalId: number;
  variantExternalId: number | null;
}): ListedPriceHistoryEntry {
  return { ...r.entry, productExternalId: r.productExternalId, variantExternalId: r.variantExternalId ?? null };
}

/**
 * The entries of one page of a history export (PriceHistoryRepository.listPage), before its order
 * and limit. The page starts at the later of `from` and the last entry's time, one lower bound
 * the index seeks to: with the (time, id) comparison alone PostgreSQL, and with `from` beside the
 * last time SQLite (it took `from`), read the index from `from` for every page (the 150th page of
 * a year's 300,000 entries: ~0.9 s on PostgreSQL, ~0.1 s on SQLite; ~30 ms on both once bounded).
 */
export function historyPageWhere(ph: Twin<'priceHistory'>, companyId: string, opts: PriceHistoryPageOptions): SQL | undefined {
  const { after } = opts;
  const start = after !== undefined && (opts.from === undefined || after.createdAt > opts.from) ? after.createdAt : opts.from;
  return and(
    eq(ph.companyId, companyId),
    opts.productId === undefined ? undefined : eq(ph.productId, opts.productId),
    start === undefined ? undefined : gte(ph.createdAt, start),
    opts.to === undefined ? undefined : lt(ph.createdAt, opts.to),
    after === undefined ? undefined : or(gt(ph.createdAt, after.createdAt), gt(ph.id, after.id)),
  );
}

export function toExportedEntry(r: {
  entry: PriceHistoryEntry;
  productExternalId: number;
  variantExternalId: number | null;
  productName: string;
  productSku: string | null;
  variantSku: string | null;
}): ExportedPriceHistoryEntry {
  return {
    ...toListedEntry(r),
    productName: r.productName,
    sku: r.entry.variantId === null ? r.productSku : r.variantSku,
  };
}

// ---------------------------------------------------------------- store webhooks

/** The company's queued products among `ids` that were queued at or before `readAt` (read since, so done). */
export function refreshedProducts(sr: Twin<'storeRefreshes'>, companyId: string, ids: readonly number[], readAt: Date): SQL | undefined {
  return and(eq(sr.companyId, companyId), eq(sr.kind, 'product'), inArray(sr.externalId, [...ids]), lte(sr.queuedAt, readAt));
}

/** What a completed sync records in the settings row. */
export function syncedPatch(at: Date, pass: SyncPass | undefined) {
  return { lastSyncAt: at, updatedAt: at, ...(pass ? { syncSince: pass.startedAt, ...(pass.full ? { fullSyncAt: at } : {}) } : {}) };
}
