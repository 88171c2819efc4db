/**
 * The accounts part of the data layer's contract: companies (plan, billing state, approval and
 * guardrail settings, catalog change sequence), their users (provisioned on first sign-in, moved
 * between companies) and the invitations to join a company. Re-exported by repositories.ts.
 */
import type { Role } from '@catalog/contracts/auth';
import type { GuardrailRule } from '@catalog/contracts/guardrails';
import type { PriorPriceShownAs } from '@catalog/contracts/lowest-price';
import type { InvitationStatus } from '@catalog/contracts/team';
import type { KeysetPage } from './keyset';

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
  /** The EU prior price mode's window in days (issue 36); null: off. */
  priorPriceDays: number | null;
  priorPriceShownAs: PriorPriceShownAs;
  publishPriorPrice: boolean;
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
  | 'ordersNeedApproval' | 'guardrailThresholdPercent' | 'retailFloor' | 'blockingGuardrails' | 'priorPriceDays' | 'priorPriceShownAs' | 'publishPriorPrice'>>;

export interface CompaniesRepository {
  create(input: NewCompany): Promise<Company>;
  get(id: string): Promise<Company | null>;
  /**
   * Deletes the company and, by the foreign keys' cascade, everything of it: its users, store
   * connection, catalog, orders, history and backups (an installation uninstalled 30 days ago,
   * issue 34). False when there was none.
   */
  delete(id: string): Promise<boolean>;
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
