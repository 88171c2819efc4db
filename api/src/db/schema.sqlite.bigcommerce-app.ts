/**
 * The SQLite tables of the BigCommerce app (issue 34, decision 056): a store's installation of
 * the app (one per store hash, and one per company), the store's users who may open it, the
 * signed payloads already accepted (by `jti`, so a load link works once) and the one-time
 * sign-in codes that carry a session into the control panel. Re-exported by schema.sqlite.ts;
 * mirrored by schema.pg.bigcommerce-app.ts.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies, users } from './schema.sqlite.accounts';
import { nowMs, ts } from './schema.sqlite.columns';

/** A store's installation, kept after an uninstall (`uninstalled_at`) until the company's data goes. */
export const bigcommerceInstallations = sqliteTable('bigcommerce_installations', {
  storeHash: text('store_hash').primaryKey(),
  companyId: text('company_id').notNull().unique().references(() => companies.id, { onDelete: 'cascade' }),
  ownerBcUserId: integer('owner_bc_user_id').notNull(),
  accountUuid: text('account_uuid'),
  /** The scopes BigCommerce granted, space separated. */
  scopes: text('scopes').notNull(),
  installedAt: ts('installed_at').notNull(),
  uninstalledAt: ts('uninstalled_at'),
}, (t) => [index('bigcommerce_installations_uninstalled_idx').on(t.uninstalledAt)]);

/** A store's BigCommerce user and the user of ours they open the app as. */
export const bigcommerceUsers = sqliteTable('bigcommerce_users', {
  storeHash: text('store_hash').notNull().references(() => bigcommerceInstallations.storeHash, { onDelete: 'cascade' }),
  bcUserId: integer('bc_user_id').notNull(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().default(nowMs),
}, (t) => [
  primaryKey({ columns: [t.storeHash, t.bcUserId] }),
  index('bigcommerce_users_user_idx').on(t.userId),
]);

/** The `jti` of every signed payload accepted, until the payload expires (a replay is refused). */
export const bigcommercePayloadIds = sqliteTable('bigcommerce_payload_ids', {
  jti: text('jti').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
}, (t) => [index('bigcommerce_payload_ids_expires_idx').on(t.expiresAt)]);

/** One-time sign-in codes, by their SHA-256 (never the code): used once, before they expire. */
export const signInCodes = sqliteTable('sign_in_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().default(nowMs),
}, (t) => [index('sign_in_codes_expires_idx').on(t.expiresAt)]);
