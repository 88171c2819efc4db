/**
 * PostgreSQL record of handled Stripe webhook events. Recording is one INSERT ... ON CONFLICT
 * DO NOTHING, so of two deliveries of one event (on any number of instances) exactly one
 * records it.
 */
import { eq } from 'drizzle-orm';
import type { StripeEventsRepository } from '../repositories';
import { stripeEvents } from '../schema.pg';
import type { PgDb } from './types';

export function pgStripeEvents(db: PgDb): StripeEventsRepository {
  return {
    async seen(eventId) {
      const rows = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).limit(1);
      return rows.length > 0;
    },
    async record(eventId, at = new Date()) {
      const inserted = await db.insert(stripeEvents).values({ id: eventId, processedAt: at }).onConflictDoNothing().returning({ id: stripeEvents.id });
      return inserted.length > 0;
    },
  };
}
