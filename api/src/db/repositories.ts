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

export type Role = 'owner' | 'admin' | 'member';
export type InvitationStatus = 'pending' | 'accepted' | 'expired';
export type WorkOrderStatus = 'pending' | 'executing' | 'completed' | 'failed' | 'undone';
/**
 * `sync` covers every change the store made on its own (the spec's "system sync"); `undo`
 * entries restore the prices an undone work order had replaced (as in the contracts).
 */
export type PriceChangeType = 'manual' | 'work_order' | 'undo' | 'sync';

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
  | 'subscriptionStatus' | 'currentPeriodEnd' | 'cancelledAt'>>;

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
   * the uid to an existing user with this email (created before they first signed in);
   * else creates a company (from the input) and the user as its owner. Concurrent calls for
   * one identity create exactly one user and one company.
   */
  provision(input: ProvisionInput): Promise<User>;
  /** Rejects (unique violation) when the email or firebase uid is taken. */
  create(input: NewUser): Promise<User>;
  getById(companyId: string, id: string): Promise<User | null>;
  /** Global: identity lookup. */
  getByEmail(email: string): Promise<User | null>;
  /** Global: identity lookup. */
  getByFirebaseUid(firebaseUid: string): Promise<User | null>;
  listByCompany(companyId: string): Promise<User[]>;
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

export interface InvitationsRepository {
  /** Rejects (unique violation) when the token is taken. */
  create(companyId: string, input: NewInvitation): Promise<Invitation>;
  get(companyId: string, id: string): Promise<Invitation | null>;
  /** Global: accepting by id, which the invited user knows from their own list, not the company's. */
  getById(id: string): Promise<Invitation | null>;
  /** Global: the public accept-invitation page only knows the token. */
  getByToken(token: string): Promise<Invitation | null>;
  /** Global: invitations addressed to the signed-in user's email, any company. */
  listByEmail(email: string, opts?: { status?: InvitationStatus }): Promise<Invitation[]>;
  listByCompany(companyId: string, opts?: { status?: InvitationStatus }): Promise<Invitation[]>;
  updateStatus(companyId: string, id: string, status: InvitationStatus, at?: Date): Promise<Invitation | null>;
  /**
   * In one transaction: a pending, unexpired invitation becomes accepted and the user moves
   * into the company with the invited role. Returns null (and changes nothing) otherwise.
   */
  accept(companyId: string, id: string, userId: string, now?: Date): Promise<Invitation | null>;
  /** Cancelling removes the entry (spec section 4). */
  delete(companyId: string, id: string): Promise<boolean>;
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
  createdAt: Date;
  updatedAt: Date;
}
export type SettingsInput = Pick<ApiSettings, 'storeHash' | 'accessToken' | 'clientId'>
  & Partial<Pick<ApiSettings, 'showStock' | 'showStockStatus' | 'showInvisibleProducts' | 'lastSyncAt'>>;

export interface SettingsRepository {
  get(companyId: string): Promise<ApiSettings | null>;
  /** One settings row per company: creates it or overwrites the given fields. */
  upsert(companyId: string, input: SettingsInput, now?: Date): Promise<ApiSettings>;
  /** Records a finished sync; false when the company has no settings. */
  markSynced(companyId: string, at: Date): Promise<boolean>;
}

// ---------------------------------------------------------------- catalog

export interface ProductVariant {
  id: string;
  companyId: string;
  productId: string;
  externalId: number;
  variantSku: string | null;
  optionValues: unknown;
  /** null: inherits the product's price (BigCommerce semantics). */
  regularPriceCents: number | null;
  /** null: inherits the product's sale price. */
  salePriceCents: number | null;
  calculatedPriceCents: number | null;
  stock: number;
  lastUpdated: Date;
  version: number;
  deletedAt: Date | null;
}
export interface Product {
  id: string;
  companyId: string;
  externalId: number;
  name: string;
  sku: string | null;
  description: string | null;
  category: string | null;
  regularPriceCents: number;
  /** null: no sale price. */
  salePriceCents: number | null;
  stock: number;
  weight: number | null;
  status: string;
  isVisible: boolean;
  lastUpdated: Date;
  version: number;
  deletedAt: Date | null;
}
export interface ProductWithVariants extends Product {
  /** Live variants only, ordered by external id. */
  variants: ProductVariant[];
}

/**
 * A product as read from the store. `variants`, when given, is the complete list: variants
 * missing from it are tombstoned; when absent, the product's variants are left untouched.
 */
export interface ProductInput {
  externalId: number;
  name: string;
  sku?: string | null;
  description?: string | null;
  category?: string | null;
  regularPriceCents: number;
  salePriceCents?: number | null;
  stock?: number;
  weight?: number | null;
  status?: string;
  isVisible?: boolean;
  lastUpdated?: Date;
  variants?: VariantInput[];
}
export interface VariantInput {
  externalId: number;
  variantSku?: string | null;
  optionValues?: unknown;
  regularPriceCents?: number | null;
  salePriceCents?: number | null;
  calculatedPriceCents?: number | null;
  stock?: number;
  lastUpdated?: Date;
}
export interface UpsertResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Variants that disappeared from their product and were tombstoned. */
  variantsDeleted: number;
  /** The company's catalog version after the write. */
  version: number;
}

/**
 * A price edit (manual or work order). `undefined` leaves a price as is; null clears a sale
 * price or makes a variant price inherit the product's. A product's regular price cannot be
 * cleared (null leaves it as is).
 */
export interface PriceChange {
  productId: string;
  variantId?: string | null;
  regularPriceCents?: number | null;
  salePriceCents?: number | null;
}

export interface ProductListOptions {
  limit: number;
  offset: number;
  /** Case-insensitive substring of name or SKU. */
  search?: string;
  /** A category path; matches it and every path below it (' > ' separated). */
  category?: string;
  /** Hide products the store marks invisible. */
  visibleOnly?: boolean;
}
export type ProductFilter = Omit<ProductListOptions, 'limit' | 'offset'>;

export type CatalogChange =
  | { kind: 'product'; version: number; product: Product }
  /** `productExternalId`: the store id of the variant's product (devices key products by it). */
  | { kind: 'variant'; version: number; variant: ProductVariant; productExternalId: number };
export interface ChangesPage {
  /** Products and variants (tombstones included: `deletedAt` set), by ascending version. */
  changes: CatalogChange[];
  /** Pass back as `sinceVersion` for the next page. */
  cursor: number;
  hasMore: boolean;
}

export interface ProductsRepository {
  /**
   * Inserts or updates by (companyId, externalId) in one transaction. Each row that is new or
   * differs (including a revived tombstone and variants dropped by the store) takes the next
   * value of the company's change sequence; unchanged rows keep theirs.
   */
  upsertMany(companyId: string, products: ProductInput[], now?: Date): Promise<UpsertResult>;
  /**
   * Applies price edits atomically, versioning each changed row; returns the edited products
   * after the write. Rejects with NotFoundError (and writes nothing) when a product or variant
   * is absent, deleted or another company's.
   */
  setPrices(companyId: string, changes: PriceChange[], now?: Date): Promise<ProductWithVariants[]>;
  /** Live products by name (case-insensitive), then external id. */
  list(companyId: string, opts: ProductListOptions): Promise<ProductWithVariants[]>;
  count(companyId: string, filter?: ProductFilter): Promise<number>;
  /**
   * External ids of every live product matching the filter, in `list` order: what a search
   * result is, so the service can count it and cut pages from it without running it again.
   */
  listIds(companyId: string, filter?: ProductFilter): Promise<number[]>;
  get(companyId: string, id: string): Promise<ProductWithVariants | null>;
  getVariant(companyId: string, variantId: string): Promise<ProductVariant | null>;
  /** A live variant by the store's variant id, with its product's store id; null if absent or another company's. */
  getVariantByExternalId(companyId: string, externalId: number): Promise<{ variant: ProductVariant; productExternalId: number } | null>;
  /** Distinct category paths of live products, sorted. */
  categories(companyId: string): Promise<string[]>;
  /**
   * Live products (with their live variants) among these external ids, by external id; absent,
   * tombstoned and other companies' rows are left out. A sync compares prices against them.
   */
  getByExternalIds(companyId: string, externalIds: readonly number[]): Promise<ProductWithVariants[]>;
  /** External ids of live products (full sync: tombstone what the store no longer has). */
  listExternalIds(companyId: string): Promise<number[]>;
  /**
   * Rows changed after `sinceVersion`, oldest first. Every written row has its own version
   * (unique per company), so a page boundary never splits a write.
   */
  changesSince(companyId: string, sinceVersion: number, limit: number): Promise<ChangesPage>;
  /** Tombstones the given products (and their variants); returns how many products. */
  removeByExternalIds(companyId: string, externalIds: number[], now?: Date): Promise<number>;
  /** Tombstones every live product and variant; returns how many products. */
  deleteAll(companyId: string, now?: Date): Promise<number>;
}

// ---------------------------------------------------------------- work orders

/** One target of a work order; every variant change of a product is its own item. */
export interface WorkOrderItem {
  productId: string;
  productName: string;
  variantId?: string | null;
  variantSku?: string | null;
  /** The store's ids (what the API speaks and the executor writes); set by the API on create. */
  externalProductId?: number;
  externalVariantId?: number | null;
  /** Absent: leave unchanged. */
  newRegularPriceCents?: number;
  /** Absent: leave unchanged; null: clear the sale price. */
  newSalePriceCents?: number | null;
}
/** Prices read from the store just before execution; undo restores exactly these. */
export interface PriceSnapshot {
  productId: string;
  variantId: string | null;
  externalProductId: number;
  externalVariantId: number | null;
  regularPriceCents: number | null;
  salePriceCents: number | null;
}
export interface WorkOrder {
  id: string;
  companyId: string;
  createdBy: string | null;
  title: string;
  productUpdates: WorkOrderItem[];
  originalPrices: PriceSnapshot[] | null;
  scheduledAt: Date | null;
  executeImmediately: boolean;
  status: WorkOrderStatus;
  archived: boolean;
  createdAt: Date;
  executedAt: Date | null;
  undoneAt: Date | null;
  error: string | null;
  idempotencyKey: string | null;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  updatedAt: Date;
}
export interface NewWorkOrder {
  id?: string;
  createdBy?: string | null;
  title: string;
  productUpdates: WorkOrderItem[];
  scheduledAt?: Date | null;
  executeImmediately?: boolean;
  idempotencyKey?: string | null;
  now?: Date;
}
export type WorkOrderPatch = Partial<Pick<WorkOrder,
  'title' | 'status' | 'archived' | 'originalPrices' | 'executedAt' | 'undoneAt' | 'error'
  | 'leaseOwner' | 'leaseExpiresAt' | 'scheduledAt'>>;
/** Conditions checked in the same statement as the write (compare-and-set). */
export interface WorkOrderGuard {
  status?: WorkOrderStatus | WorkOrderStatus[];
  leaseOwner?: string;
  archived?: boolean;
}

export interface WorkOrdersRepository {
  /** Idempotent on (companyId, idempotencyKey): a replay returns the first order, created=false. */
  create(companyId: string, input: NewWorkOrder): Promise<{ order: WorkOrder; created: boolean }>;
  get(companyId: string, id: string): Promise<WorkOrder | null>;
  /** Newest first. */
  list(companyId: string, opts?: { includeArchived?: boolean }): Promise<WorkOrder[]>;
  countByStatus(companyId: string): Promise<Record<WorkOrderStatus, number>>;
  /**
   * Global (scheduler): a due pending order (scheduledAt null or <= now) -> executing with a
   * lease, or takes over an executing order whose lease expired. One compare-and-set
   * statement: of many concurrent callers exactly one gets the order. Archived orders are
   * never claimed.
   */
  claim(id: string, leaseOwner: string, leaseMs: number, now: Date): Promise<WorkOrder | null>;
  /** Global (executor): extends a lease the caller still holds. */
  renewLease(id: string, leaseOwner: string, leaseMs: number, now: Date): Promise<boolean>;
  /** Global (scheduler): unarchived orders to claim now, oldest first. */
  due(now: Date, limit: number): Promise<WorkOrder[]>;
  /** Returns null when absent, another company's, or the guard does not hold. */
  update(companyId: string, id: string, patch: WorkOrderPatch, guard?: WorkOrderGuard, now?: Date): Promise<WorkOrder | null>;
  delete(companyId: string, id: string, guard?: WorkOrderGuard): Promise<boolean>;
}

// ---------------------------------------------------------------- price history

export interface PriceHistoryEntry {
  id: string;
  companyId: string;
  productId: string;
  variantId: string | null;
  oldRegularPriceCents: number | null;
  newRegularPriceCents: number | null;
  oldSalePriceCents: number | null;
  newSalePriceCents: number | null;
  changeType: PriceChangeType;
  workOrderId: string | null;
  changedBy: string | null;
  createdAt: Date;
}
export interface NewPriceHistoryEntry {
  id?: string;
  productId: string;
  variantId?: string | null;
  oldRegularPriceCents?: number | null;
  newRegularPriceCents?: number | null;
  oldSalePriceCents?: number | null;
  newSalePriceCents?: number | null;
  changeType: PriceChangeType;
  workOrderId?: string | null;
  changedBy?: string | null;
  /** Default: now. */
  createdAt?: Date;
}

/** A listed entry carries the store's ids of its product and variant (the API speaks those). */
export interface ListedPriceHistoryEntry extends PriceHistoryEntry {
  productExternalId: number;
  /** Also for a variant deleted since. */
  variantExternalId: number | null;
}

export interface PriceHistoryRepository {
  /**
   * Adds entries in one transaction; rejects entries whose product is another company's, and
   * (UniqueViolationError, nothing added) a batch holding an id that is already taken.
   */
  add(companyId: string, entries: NewPriceHistoryEntry[]): Promise<PriceHistoryEntry[]>;
  /** Newest first; includes the product's variant entries. */
  listForProduct(companyId: string, productId: string, opts?: { limit?: number }): Promise<ListedPriceHistoryEntry[]>;
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

// ---------------------------------------------------------------- database

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  dialect: Dialect;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  companies: CompaniesRepository;
  users: UsersRepository;
  invitations: InvitationsRepository;
  settings: SettingsRepository;
  products: ProductsRepository;
  workOrders: WorkOrdersRepository;
  priceHistory: PriceHistoryRepository;
  idempotency: IdempotencyRepository;
  stripeEvents: StripeEventsRepository;
}
