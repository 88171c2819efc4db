/**
 * The repository contract of handled Stripe webhook events, on every dialect (SQLite always,
 * PostgreSQL with TEST_DATABASE_URL): an event id is recorded once, a redelivery is told it was
 * already handled, and two deliveries racing each other record it exactly once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import type { Database } from './repositories';

const eventId = () => `evt_test_${randomUUID().replace(/-/g, '')}`;

describe.each(dbTargets)('stripe events on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  it('records an event the first time and reports a redelivery as already handled', async () => {
    const id = eventId();
    expect(await db.stripeEvents.seen(id)).toBe(false);
    expect(await db.stripeEvents.record(id, new Date('2030-01-01T00:00:00Z'))).toBe(true);
    expect(await db.stripeEvents.seen(id)).toBe(true);
    expect(await db.stripeEvents.record(id)).toBe(false);
    expect(await db.stripeEvents.seen(eventId())).toBe(false);
  });

  it('records an event once when two deliveries race', async () => {
    const id = eventId();
    const results = await Promise.all(Array.from({ length: 5 }, () => db.stripeEvents.record(id)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('finds a company by its Stripe customer and keeps its subscription fields', async () => {
    const company = await db.companies.create({ name: 'Billing Co' });
    const customerId = `cus_test_${randomUUID().slice(0, 8)}`;
    const end = new Date('2030-02-01T00:00:00.000Z');
    await db.companies.update(company.id, {
      stripeCustomerId: customerId, stripeSubscriptionId: 'sub_test_1', subscriptionPlan: 'starter', productLimit: 100,
      subscriptionStatus: 'active', currentPeriodEnd: end, cancelledAt: null,
    });
    const found = await db.companies.getByStripeCustomerId(customerId);
    expect(found).toMatchObject({ id: company.id, subscriptionPlan: 'starter', productLimit: 100, stripeSubscriptionId: 'sub_test_1', subscriptionStatus: 'active' });
    expect(found?.currentPeriodEnd).toEqual(end);
    expect(await db.companies.getByStripeCustomerId('cus_nobody')).toBeNull();
  });
});
