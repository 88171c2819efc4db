/**
 * The SQLite tables of companies and their people: the company (its plan, billing state,
 * approval and guardrail settings, catalog change sequence), its users and the invitations to
 * join it. Every other table module references these. Re-exported by schema.sqlite.ts; mirrored
 * column for column by schema.pg.accounts.ts.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { GuardrailRule } from '@catalog/contracts/guardrails';
import type { PriorPriceShownAs } from '@catalog/contracts/lowest-price';
import { bool, nowMs, ts, uuid } from './schema.sqlite.columns';
import type { InvitationStatus, Role } from './repositories';

export const companies = sqliteTable('companies', {
  id: text('id').primaryKey().$defaultFn(uuid),
  name: text('name').notNull(),
  subscriptionPlan: text('subscription_plan').notNull().default('trial'),
  productLimit: integer('product_limit').notNull().default(5),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  subscriptionStatus: text('subscription_status').notNull().default('active'),
  currentPeriodEnd: ts('current_period_end'),
  cancelledAt: ts('cancelled_at'),
  /** Company settings (issue 19): members' orders wait for approval (plans with teams). */
  ordersNeedApproval: bool('orders_need_approval').notNull().default(false),
  /** The guardrail `largeChange`: a change of more than this percentage, up or down. */
  guardrailThresholdPercent: integer('guardrail_threshold_percent').notNull().default(50),
  /** Flag a regular price below the item's MSRP. */
  retailFloor: bool('retail_floor').notNull().default(false),
  /** The guardrail rules that refuse an order (422 GUARDRAIL). */
  blockingGuardrails: text('blocking_guardrails', { mode: 'json' }).$type<GuardrailRule[]>().notNull().default(sql`'[]'`),
  /** The EU prior price mode (issue 36): the days of the lowest prior price window; null: off. */
  priorPriceDays: integer('prior_price_days'),
  /** The "was" price the theme shows beside a sale price: 'regular' or 'msrp' (contracts' PriorPriceShownAs). */
  priorPriceShownAs: text('prior_price_shown_as').$type<PriorPriceShownAs>().notNull().default('regular'),
  /** Publish each variant's lowest prior price to a storefront metafield while on sale. */
  publishPriorPrice: bool('publish_prior_price').notNull().default(false),
  /** Last value of the company's catalog change sequence (see products.version). */
  catalogVersion: integer('catalog_version').notNull().default(0),
  createdAt: ts('created_at').notNull().default(nowMs),
  updatedAt: ts('updated_at').notNull().default(nowMs),
}, (t) => [index('companies_stripe_customer_idx').on(t.stripeCustomerId)]);

export const users = sqliteTable('users', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  firebaseUid: text('firebase_uid').unique(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  role: text('role').$type<Role>().notNull().default('member'),
  isActive: bool('is_active').notNull().default(true),
  hasSeenWalkthrough: bool('has_seen_walkthrough').notNull().default(false),
  createdAt: ts('created_at').notNull().default(nowMs),
  updatedAt: ts('updated_at').notNull().default(nowMs),
}, (t) => [index('users_company_idx').on(t.companyId)]);

export const companyInvitations = sqliteTable('company_invitations', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').$type<Role>().notNull().default('member'),
  invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
  token: text('token').notNull().unique(),
  status: text('status').$type<InvitationStatus>().notNull().default('pending'),
  expiresAt: ts('expires_at').notNull(),
  acceptedAt: ts('accepted_at'),
  createdAt: ts('created_at').notNull().default(nowMs),
}, (t) => [
  index('company_invitations_company_idx').on(t.companyId),
  index('company_invitations_email_idx').on(t.email),
]);
