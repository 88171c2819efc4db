/** SQLite companies repository. */
import { eq, sql } from 'drizzle-orm';
import type { CompaniesRepository, Company } from '../repositories';
import { newCompanyRow } from '../repository-shared';
import { companies } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteCompanies(db: SqliteDb): CompaniesRepository {
  // Read on every product list request (the catalog version keys its cache): prepared once.
  let byId: { get(values: { id: string }): Company | undefined } | undefined;
  return {
    async create(input) {
      return db.insert(companies).values(newCompanyRow(input, input.now ?? new Date())).returning().get() satisfies Company;
    },
    async get(id) {
      byId ??= db.select().from(companies).where(eq(companies.id, sql.placeholder('id'))).prepare();
      return byId.get({ id }) ?? null;
    },
    async delete(id) {
      return db.delete(companies).where(eq(companies.id, id)).run().changes > 0;
    },
    async getByStripeCustomerId(customerId) {
      return db.select().from(companies).where(eq(companies.stripeCustomerId, customerId)).get() ?? null;
    },
    async update(id, patch, now = new Date()) {
      return db.update(companies).set({ ...patch, updatedAt: now }).where(eq(companies.id, id)).returning().get() ?? null;
    },
  };
}
