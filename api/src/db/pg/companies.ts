/** PostgreSQL companies repository. */
import { eq } from 'drizzle-orm';
import type { CompaniesRepository } from '../repositories';
import { companies } from '../schema.pg';
import { newCompanyRow } from '../repository-shared';
import type { PgDb } from './types';

export function pgCompanies(db: PgDb): CompaniesRepository {
  return {
    async create(input) {
      const [row] = await db.insert(companies).values(newCompanyRow(input, input.now ?? new Date())).returning();
      return row!;
    },
    async get(id) {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      return row ?? null;
    },
    async delete(id) {
      return (await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id })).length > 0;
    },
    async getByStripeCustomerId(customerId) {
      const [row] = await db.select().from(companies).where(eq(companies.stripeCustomerId, customerId)).limit(1);
      return row ?? null;
    },
    async update(id, patch, now = new Date()) {
      const [row] = await db.update(companies).set({ ...patch, updatedAt: now }).where(eq(companies.id, id)).returning();
      return row ?? null;
    },
  };
}
