/**
 * SQLite record of handled Stripe webhook events. Recording is one INSERT ... ON CONFLICT DO
 * NOTHING, so of two deliveries of one event exactly one records it.
 */
import { eq } from 'drizzle-orm';
import type { StripeEventsRepository } from '../repositories';
import { stripeEvents } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteStripeEvents(db: SqliteDb): StripeEventsRepository {
  return {
    async seen(eventId) {
      return db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).get() !== undefined;
    },
    async record(eventId, at = new Date()) {
      const inserted = db.insert(stripeEvents).values({ id: eventId, processedAt: at }).onConflictDoNothing().returning({ id: stripeEvents.id }).get();
      return inserted !== undefined;
    },
  };
}
