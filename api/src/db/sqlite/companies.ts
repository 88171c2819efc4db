/** SQLite companies repository. */
import { eq, sql } from 'drizzle-orm';
import type { CompaniesRepository, Company } from '../repositories';
import { companies } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteCompanies(db: SqliteDb): CompaniesRepository {
  // Read on every product list request (the catalog version keys its cache): prepared once.
  let byId: { get(values: { id: string }): Company | undefined } | undefined;
  return {
    async create(input) {
      const now = input.now ?? new Date();
      return db.insert(companies).values({
        id: input.id ?? crypto.randomUUID(),
        name: input.name,
        subscriptionPlan: input.subscriptionPlan ?? 'trial',
        productLimit: input.productLimit ?? 5,
        createdAt: now,
        updatedAt: now,
      }).returning().get() satisfies Company;
    },
    async get(id) {
      byId ??= db.select().from(companies).where(eq(companies.id, sql.placeholder('id'))).prepare();
      return byId.get({ id }) ?? null;
    },
    async getByStripeCustomerId(customerId) {
      return db.select().from(companies).where(eq(companies.stripeCustomerId, customerId)).get() ?? null;
    },
    async update(id, patch, now = new Date()) {
      return db.update(companies).set({ ...patch, updatedAt: now }).where(eq(companies.id, id)).returning().get() ?? null;
    },
  };
}
