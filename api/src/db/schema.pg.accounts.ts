/**
 * The PostgreSQL tables of companies and their people: the company (its plan, billing state,
 * approval and guardrail settings, catalog change sequence), its users and the invitations to
 * join it. Every other table module references these. Re-exported by schema.pg.ts; mirrored
 * column for column by schema.sqlite.accounts.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { GuardrailRule } from '@catalog/contracts/guardrails';
import type { PriorPriceShownAs } from '@catalog/contracts/lowest-price';
import { ts, uuid } from './schema.pg.columns';
import type { InvitationStatus, Role } from './repositories';

export const companies = pgTable('companies', {
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
  ordersNeedApproval: boolean('orders_need_approval').notNull().default(false),
  /** The guardrail `largeChange`: a change of more than this percentage, up or down. */
  guardrailThresholdPercent: integer('guardrail_threshold_percent').notNull().default(50),
  /** Flag a regular price below the item's MSRP. */
  retailFloor: boolean('retail_floor').notNull().default(false),
  /** The guardrail rules that refuse an order (422 GUARDRAIL). */
  blockingGuardrails: jsonb('blocking_guardrails').$type<GuardrailRule[]>().notNull().default(sql`'[]'::jsonb`),
  /** The EU prior price mode (issue 36): the days of the lowest prior price window; null: off. */
  priorPriceDays: integer('prior_price_days'),
  /** The "was" price the theme shows beside a sale price: 'regular' or 'msrp' (contracts' PriorPriceShownAs). */
  priorPriceShownAs: text('prior_price_shown_as').$type<PriorPriceShownAs>().notNull().default('regular'),
  /** Publish each variant's lowest prior price to a storefront metafield while on sale. */
  publishPriorPrice: boolean('publish_prior_price').notNull().default(false),
  /** Last value of the company's catalog change sequence (see products.version). */
  catalogVersion: bigint('catalog_version', { mode: 'number' }).notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('companies_stripe_customer_idx').on(t.stripeCustomerId)]);

export const users = pgTable('users', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  firebaseUid: text('firebase_uid').unique(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  role: text('role').$type<Role>().notNull().default('member'),
  isActive: boolean('is_active').notNull().default(true),
  hasSeenWalkthrough: boolean('has_seen_walkthrough').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('users_company_idx').on(t.companyId)]);

export const companyInvitations = pgTable('company_invitations', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').$type<Role>().notNull().default('member'),
  invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
  token: text('token').notNull().unique(),
  status: text('status').$type<InvitationStatus>().notNull().default('pending'),
  expiresAt: ts('expires_at').notNull(),
  acceptedAt: ts('accepted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('company_invitations_company_idx').on(t.companyId),
  index('company_invitations_email_idx').on(t.email),
]);
