/**
 * The data layer's contract: row types and async repository interfaces, implemented once per
 * dialect (sqlite/*.ts, pg/*.ts) and checked by repositories.contract.test.ts on both.
 *
 * Rules every implementation keeps:
 * - Company-scoped reads and writes take `companyId` first; a row of another company is
 *   treated as absent (null / false / not listed), never returned or changed.
 * - Money is integer cents; times are Date; ids are text UUIDs; the store's own numeric ids
 *   are `externalId`.
 * - Lookups that are global by nature (identity, invitation token, scheduler) say so.
 */

import type { Pool as PgPool } from 'pg';
import type { Role } from '@catalog/contracts/auth';
import type { PriceChangeType } from '@catalog/contracts/products';
import type { InvitationStatus } from '@catalog/contracts/team';
import type { GuardrailRule } from '@catalog/contracts/guardrails';
import type { WorkOrderStatus } from '@catalog/contracts/work-orders';
import type { KeysetPage } from './keyset';
import type { StoreRefreshBounds } from './store-refresh-bounds';

/**
 * The vocabularies stored in text columns are the contracts' enums, declared there once:
 * Role, InvitationStatus, WorkOrderStatus and PriceChangeType (`sync` covers every change the
 * store made on its own, the spec's "system sync"; `undo` entries restore the prices an undone
 * work order had replaced). Re-exported so the data layer's callers find them here too.
 */
export type { InvitationStatus, PriceChangeType, Role, WorkOrderStatus };

/** One page of a list read in keyset order (issue 31): keyset.ts. */
export type { KeysetPage };

// ---------------------------------------------------------------- companies

export interface Company {
  id: string;
  name: string;
  subscriptionPlan: string;
  productLimit: number;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string;
  currentPeriodEnd: Date | null;
  cancelledAt: Date | null;
  /** Last value handed out by the company's catalog change sequence. */
  catalogVersion: number;
  /** Company settings (issue 19; contracts' CompanySettings): approvals and guardrails. */
  ordersNeedApproval: boolean;
  guardrailThresholdPercent: number;
  retailFloor: boolean;
  blockingGuardrails: GuardrailRule[];
  createdAt: Date;
  updatedAt: Date;
}
export interface NewCompany {
  id?: string;
  name: string;
  subscriptionPlan?: string;
  productLimit?: number;
  now?: Date;
}
export type CompanyPatch = Partial<Pick<Company,
  'name' | 'subscriptionPlan' | 'productLimit' | 'stripeCustomerId' | 'stripeSubscriptionId'
  | 'subscriptionStatus' | 'currentPeriodEnd' | 'cancelledAt'
  | 'ordersNeedApproval' | 'guardrailThresholdPercent' | 'retailFloor' | 'blockingGuardrails'>>;

export interface CompaniesRepository {
  create(input: NewCompany): Promise<Company>;
  get(id: string): Promise<Company | null>;
  /** For Stripe webhooks, which only know the customer. */
  getByStripeCustomerId(customerId: string): Promise<Company | null>;
  update(id: string, patch: CompanyPatch, now?: Date): Promise<Company | null>;
}

// ---------------------------------------------------------------- users

export interface User {
  id: string;
  companyId: string;
  firebaseUid: string | null;
  /** Stored trimmed and lower-cased; lookups normalise the same way. */
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  isActive: boolean;
  hasSeenWalkthrough: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export interface NewUser {
  id?: string;
  companyId: string;
  email: string;
  firebaseUid?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  role?: Role;
  now?: Date;
}
/** `companyId` in a patch moves the user to another company (accepting, removal). */
export type UserPatch = Partial<Pick<User,
  'companyId' | 'firebaseUid' | 'email' | 'firstName' | 'lastName' | 'profileImageUrl' | 'role'
  | 'isActive' | 'hasSeenWalkthrough'>>;

/** A verified identity seen for the first time: the user and a company of their own. */
export interface ProvisionInput {
  firebaseUid: string;
  email: string;
  /** The token says the email is verified: only then may an existing uid-less row be linked. */
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  companyName: string;
  subscriptionPlan: string;
  productLimit: number;
  now?: Date;
}

export interface UsersRepository {
  /**
   * Global, idempotent, one transaction: returns the user with this firebase uid; else links
   * the uid to an existing user with this email that has no uid yet (created before they first
   * signed in), only when `emailVerified`; else creates a company (from the input) and the user
   * as its owner. Concurrent calls for one identity create exactly one user and one company.
   * Throws IdentityConflictError ('taken': the email's row has another uid; 'unverified': the
   * row has no uid but the email is not verified) and writes nothing then.
   */
  provision(input: ProvisionInput): Promise<User>;
  /** Rejects (unique violation) when the email or firebase uid is taken. */
  create(input: NewUser): Promise<User>;
  getById(companyId: string, id: string): Promise<User | null>;
  /** Global: identity lookup. */
  getByEmail(email: string): Promise<User | null>;
  /** Global: identity lookup. */
  getByFirebaseUid(firebaseUid: string): Promise<User | null>;
  /** Oldest first (the owner who made the company leads), by (createdAt, id); all of them without `page`. */
  listByCompany(companyId: string, page?: KeysetPage): Promise<User[]>;
  update(companyId: string, id: string, patch: UserPatch, now?: Date): Promise<User | null>;
  /**
   * One transaction (removing a member from a team): creates a company from `company` and moves
   * the user, found in `companyId`, into it as its owner. Returns both, or null (and creates
   * nothing) when the user is absent or another company's.
   */
  moveToNewCompany(companyId: string, userId: string, company: NewCompany, now?: Date): Promise<{ user: User; company: Company } | null>;
}

// ---------------------------------------------------------------- invitations

export interface Invitation {
  id: string;
  companyId: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  token: string;
  status: InvitationStatus;
  expiresAt: Date;
  acceptedAt: Date | null;
  createdAt: Date;
}
export interface NewInvitation {
  id?: string;
  email: string;
  role?: Role;
  invitedBy?: string | null;
  token: string;
  expiresAt: Date;
  now?: Date;
}

/** Which invitations addressed to an email are listed (InvitationsRepository.listByEmail), and the page. */
export interface InvitationsForEmail extends Partial<KeysetPage> {
  status?: InvitationStatus;
  /** Only those that can be accepted at this time: pending and not expired. */
  openAt?: Date;
  /** Not those of this company (the one the caller is already in). */
  exceptCompanyId?: string;
}

export interface InvitationsRepository {
  /** Rejects (unique violation) when the token is taken. */
  create(companyId: string, input: NewInvitation): Promise<Invitation>;
  get(companyId: string, id: string): Promise<Invitation | null>;
  /** Global: accepting by id, which the invited user knows from their own list, not the company's. */
  getById(id: string): Promise<Invitation | null>;
  /** Global: the public accept-invitation page only knows the token. */
  getByToken(token: string): Promise<Invitation | null>;
  /** Global: invitations addressed to the signed-in user's email, any company; newest first, by (createdAt, id); never a cancelled one unless `status` asks for it. */
  listByEmail(email: string, opts?: InvitationsForEmail): Promise<Invitation[]>;
  /** Newest first, by (createdAt, id); all of them without `limit`. Never a cancelled one unless `status` asks for it. */
  listByCompany(companyId: string, opts?: { status?: InvitationStatus } & Partial<KeysetPage>): Promise<Invitation[]>;
  updateStatus(companyId: string, id: string, status: InvitationStatus, at?: Date): Promise<Invitation | null>;
  /**
   * In one transaction: a pending, unexpired invitation becomes accepted and the user moves
   * into the company with the invited role. Returns null (and changes nothing) otherwise.
   */
  accept(companyId: string, id: string, userId: string, now?: Date): Promise<Invitation | null>;
  /**
   * Cancelling (spec section 4: it leaves the lists): a pending or expired invitation becomes
   * 'cancelled' and stays as a tombstone, so its link can say it was cancelled (410,
   * issue 31) rather than unknown. Returns it, or null (and changes nothing) when it is
   * another company's, absent, accepted or already cancelled.
   */
  cancel(companyId: string, id: string): Promise<Invitation | null>;
}

// ---------------------------------------------------------------- settings

export interface ApiSettings {
  id: string;
  companyId: string;
  storeHash: string;
  accessToken: string;
  clientId: string;
  showStock: boolean;
  showStockStatus: boolean;
  showInvisibleProducts: boolean;
  lastSyncAt: Date | null;
  /** `date_modified:min` of the next incremental sync (the start of the last complete one); null: the next is full. */
  syncSince: Date | null;
  /** When the last full pass completed. */
  fullSyncAt: Date | null;
  /** Our secret every store webhook delivery must present (encrypted like the access token); null: none. */
  webhookSecret: string | null;
  /** Where the store's webhooks deliver; null: none registered. */
  webhookDestination: string | null;
  createdAt: Date;
  updatedAt: Date;
}
export type SettingsInput = Pick<ApiSettings, 'storeHash' | 'accessToken' | 'clientId'>
  & Partial<Pick<ApiSettings, 'showStock' | 'showStockStatus' | 'showInvisibleProducts' | 'lastSyncAt' | 'syncSince' | 'fullSyncAt'>>;

/** A completed sync: when it started (the next incremental sync reads changes from then) and whether it was a full pass. */
export interface SyncPass {
  startedAt: Date;
  full: boolean;
}

export interface SettingsRepository {
  get(companyId: string): Promise<ApiSettings | null>;
  /** One settings row per company: creates it or overwrites the given fields. */
  upsert(companyId: string, input: SettingsInput, now?: Date): Promise<ApiSettings>;
  /**
   * Records a finished sync; false when the company has no settings. With `pass`, the next
   * incremental sync reads from its start, and a full pass moves `fullSyncAt`.
   */
  markSynced(companyId: string, at: Date, pass?: SyncPass): Promise<boolean>;
  /** Records the store webhooks registered (the encrypted secret and their destination), or none (null). */
  setWebhooks(companyId: string, webhooks: { secret: string; destination: string } | null, now?: Date): Promise<boolean>;
  /** Forgets the store connection (disconnect); false when there was none. */
  delete(companyId: string): Promise<boolean>;
  /** The next sync is a full pass (e.g. a category changed in the store: product paths may have moved). */
  requireFullSync(companyId: string, now?: Date): Promise<void>;
}

// ---------------------------------------------------------------- store webhooks

/**
 * Store webhook deliveries, queued in the database (every API process receives them, any
 * process's worker acts on them): deduplicated by the delivery's hash, coalesced per product.
 */
export interface StoreRefreshesRepository {
  /**
   * Records a delivery and queues the products it names, in one transaction: false (nothing
   * queued) when a delivery of this hash was received before. A product already queued is not
   * queued twice; its queued time moves to `at`. Within `bounds` (default STORE_REFRESH_BOUNDS):
   * past the receipts kept, the company's oldest are forgotten; a product more than the queue
   * holds throws StoreRefreshQueueFullError and nothing is written.
   */
  receive(companyId: string, input: { hash: string; productIds: readonly number[]; at: Date }, bounds?: StoreRefreshBounds): Promise<boolean>;
  /**
   * Companies with products queued at or before `before`, the longest waiting first, but those
   * whose 'store-refresh' lease is live at `now` (another process is reading them: decision 049).
   */
  due(before: Date, limit: number, now?: Date): Promise<string[]>;
  /** The company's products queued at or before `before`, the longest waiting first. */
  pending(companyId: string, before: Date, limit: number): Promise<number[]>;
  /** Removes the products read at `readAt`, except those queued again since. */
  done(companyId: string, productIds: readonly number[], readAt: Date): Promise<void>;
  /** Forgets what is queued for the company (its store changed). */
  clear(companyId: string): Promise<void>;
  /** Forgets delivery hashes received before `before`; returns how many. */
  pruneReceipts(before: Date): Promise<number>;
}

// ---------------------------------------------------------------- idempotency keys

/** A request made with an `Idempotency-Key`, as first processed. */
export interface IdempotencyRecord {
  companyId: string;
  key: string;
  /** What the key was used for, e.g. "PUT /api/products/123". */
  scope: string;
  /** A hash of the request body: the same key with another body is another request. */
  fingerprint: string;
  /** null while the first request is still being processed. */
  status: number | null;
  response: unknown;
  createdAt: Date;
  completedAt: Date | null;
}

export type IdempotencyClaim = { claimed: true } | { claimed: false; record: IdempotencyRecord };

export interface IdempotencyRepository {
  /**
   * Claims the key for a request, atomically: `claimed` when it was unknown, or when an
   * unfinished claim started before `staleBefore` (its process died) is taken over. Otherwise
   * returns what is recorded: an answer to replay, or a claim still being processed.
   */
  claim(companyId: string, input: { key: string; scope: string; fingerprint: string; now: Date; staleBefore: Date }): Promise<IdempotencyClaim>;
  /** Records the answer of a claimed key; false when the claim is no longer there. */
  complete(companyId: string, key: string, answer: { status: number; response: unknown }, now?: Date): Promise<boolean>;
  /** Forgets an unfinished claim (the request failed and changed nothing), so a retry may run. */
  release(companyId: string, key: string): Promise<void>;
}

// ---------------------------------------------------------------- stripe events

/** Stripe webhook events already handled: a redelivered event id is acknowledged and skipped. */
export interface StripeEventsRepository {
  /** Global: whether the event was recorded as handled. */
  seen(eventId: string): Promise<boolean>;
  /**
   * Global: records the event as handled; true the first time, false when it already was
   * (also when two deliveries race: exactly one gets true).
   */
  record(eventId: string, at?: Date): Promise<boolean>;
}

// ---------------------------------------------------------------- company activities

/** A per-company exclusive activity that must hold across processes: a sync, the store refresh, the daily backup. */
export type CompanyActivity = 'sync' | 'store-refresh' | 'backup';

/** A live (unexpired) lease on a company's activity. */
export interface ActivityLease {
  companyId: string;
  activity: CompanyActivity;
  /** Who holds it: one id per acquisition (process and run). */
  owner: string;
  startedAt: Date;
  expiresAt: Date;
  cancelRequested: boolean;
  /** The holder's latest progress (for sync: a SyncProgress), or null before the first. */
  progress: unknown;
}

/**
 * Leases on per-company exclusive activities, shared by every process on the database. Every
 * method is one statement, so two processes racing never both hold an activity.
 */
export interface CompanyActivitiesRepository {
  /**
   * Takes the company's activity for `owner` until `expiresAt`: inserts the lease, or takes over
   * one that expired before `now` (its holder died). False when a live lease is held.
   */
  acquire(companyId: string, activity: CompanyActivity, input: { owner: string; now: Date; expiresAt: Date }): Promise<boolean>;
  /**
   * The holder's heartbeat: extends its lease to `expiresAt` (and stores `progress` when given).
   * Returns whether a cancel was requested, or null when `owner` no longer holds the lease.
   */
  renew(companyId: string, activity: CompanyActivity, owner: string, input: { expiresAt: Date; progress?: unknown }): Promise<{ cancelRequested: boolean } | null>;
  /** Gives the lease up (only `owner`'s: a lease taken over since is left alone). */
  release(companyId: string, activity: CompanyActivity, owner: string): Promise<void>;
  /** Flags the live lease for cancelling; false when none is live at `now`. */
  requestCancel(companyId: string, activity: CompanyActivity, now: Date): Promise<boolean>;
  /** The live lease at `now`, or null. */
  get(companyId: string, activity: CompanyActivity, now: Date): Promise<ActivityLease | null>;
}

// ---------------------------------------------------------------- split contracts

export type * from './repositories.backups';
export type * from './repositories.catalog';
export type * from './repositories.price-history';
export type * from './repositories.store-taxonomy';
export type * from './repositories.work-orders';
import type { BackupsRepository } from './repositories.backups';
import type { ProductsRepository } from './repositories.catalog';
import type { PriceHistoryRepository } from './repositories.price-history';
import type { StoreTaxonomyRepository } from './repositories.store-taxonomy';
import type { WorkOrdersRepository } from './repositories.work-orders';

// ---------------------------------------------------------------- database

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  dialect: Dialect;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: the database's own pool (its search_path is the app's schema), for the
   * rate limiter's shared counters (middleware/rate-limit.ts). Undefined on SQLite.
   */
  pgPool?: PgPool;
  companies: CompaniesRepository;
  users: UsersRepository;
  invitations: InvitationsRepository;
  settings: SettingsRepository;
  products: ProductsRepository;
  workOrders: WorkOrdersRepository;
  priceHistory: PriceHistoryRepository;
  idempotency: IdempotencyRepository;
  stripeEvents: StripeEventsRepository;
  activities: CompanyActivitiesRepository;
  storeRefreshes: StoreRefreshesRepository;
  /** The store's categories and brands, cached per company (issue 32). */
  storeTaxonomy: StoreTaxonomyRepository;
  backups: BackupsRepository;
}
