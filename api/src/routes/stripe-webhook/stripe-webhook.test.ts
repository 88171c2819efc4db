/**
 * POST /api/stripe/webhook with events the local Stripe stand-in produced: a correctly signed
 * event moves the plan; a bad, missing or tampered signature is a 400 that changes nothing
 * (and is not remembered); a redelivered event is acknowledged and skipped; an old event that
 * arrives late cannot bring back an older plan; customer.subscription.deleted moves the
 * company to the trial; events we do not handle are acknowledged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StripeEvent } from '@catalog/fake-stripe';
import { billingApp, signatureFor, type BillingApp } from '../../testing/billing-fixture';

let t: BillingApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Posts an event to the app in process, signed with `secret` unless a signature is given. */
async function deliver(app: BillingApp, event: StripeEvent | string, opts: { secret?: string; signature?: string | null } = {}) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = opts.signature === undefined ? signatureFor(payload, opts.secret) : opts.signature;
  if (signature !== null) headers['stripe-signature'] = signature;
  const res = await app.app.request('/api/stripe/webhook', { method: 'POST', headers, body: payload });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A paid checkout whose events were recorded by the fake but not sent to the app. */
async function paidButNotDelivered(app: BillingApp, plan: 'starter' | 'premium' = 'starter') {
  app.fake.webhooks.configure({ url: null });
  await app.upgrade(plan);
  const [completed] = app.fake.eventsOf('checkout.session.completed').slice(-1);
  return completed!;
}

describe('stripe webhook', () => {
  it('moves the company to the plan on a correctly signed checkout.session.completed', async () => {
    t = await billingApp();
    const completed = await paidButNotDelivered(t);
    expect((await t.company()).subscriptionPlan).toBe('trial');

    const res = await deliver(t, completed);
    expect(res).toEqual({ status: 200, body: { received: true } });
    expect(await t.company()).toMatchObject({ subscriptionPlan: 'starter', productLimit: 100, subscriptionStatus: 'active' });
    expect(await t.db.stripeEvents.seen(completed.id)).toBe(true);
  });

  it('answers 400 to a bad, missing or tampered signature and changes nothing', async () => {
    t = await billingApp();
    const completed = await paidButNotDelivered(t);
    const payload = JSON.stringify(completed);

    const wrongSecret = await deliver(t, completed, { secret: 'whsec_someone_else' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toMatchObject({ error: { code: 'VALIDATION', message: 'The Stripe signature does not match this payload' } });
    expect((await deliver(t, completed, { signature: null })).status).toBe(400);
    // Signed, then changed on the way: the signature no longer covers the body.
    const tampered = payload.replace('"livemode": false', '"livemode":true').replace('"livemode":false', '"livemode":true');
    expect((await deliver(t, tampered, { signature: signatureFor(payload) })).status).toBe(400);
    expect((await deliver(t, completed, { signature: 't=1,v1=deadbeef' })).status).toBe(400);

    expect(await t.company()).toMatchObject({ subscriptionPlan: 'trial', productLimit: 5, stripeSubscriptionId: null });
    expect(await t.db.stripeEvents.seen(completed.id)).toBe(false);
    // The genuine delivery still works afterwards.
    expect((await deliver(t, completed)).status).toBe(200);
    expect((await t.company()).subscriptionPlan).toBe('starter');
  });

  it('acknowledges a redelivered event without doing it again, and an old event cannot bring back an old plan', async () => {
    t = await billingApp();
    await t.upgrade('premium');
    const [completed] = t.fake.eventsOf('checkout.session.completed');
    const premiumUpdate = t.fake.eventsOf('customer.subscription.updated').at(-1)!;
    await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'starter' });
    expect((await t.company()).subscriptionPlan).toBe('starter');

    // Stripe's retry of events already handled: acknowledged, nothing done.
    const again = await deliver(t, completed!);
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const resent = await t.fake.resend(premiumUpdate.id);
    expect(resent?.status).toBe(200);
    expect(await t.company()).toMatchObject({ subscriptionPlan: 'starter', productLimit: 100 });

    // An event never seen before, but about an older state (premium): what Stripe has now wins.
    const stale: StripeEvent = { ...premiumUpdate, id: `${premiumUpdate.id}_late` };
    expect((await deliver(t, stale)).body).toEqual({ received: true });
    expect(await t.company()).toMatchObject({ subscriptionPlan: 'starter', productLimit: 100 });
  });

  it('moves the company to the trial on customer.subscription.deleted', async () => {
    t = await billingApp();
    await t.upgrade('starter');
    const subId = (await t.company()).stripeSubscriptionId!;
    await t.call(t.owner, 'POST', '/api/subscription/cancel');
    await t.fake.webhooks.idle();
    t.fake.webhooks.configure({ url: null });
    await t.fake.endPeriod(subId);
    const deleted = t.fake.eventsOf('customer.subscription.deleted').at(-1)!;
    expect((await t.company()).subscriptionPlan).toBe('starter');

    expect((await deliver(t, deleted)).status).toBe(200);
    const company = await t.company();
    expect(company).toMatchObject({ subscriptionPlan: 'trial', productLimit: 5, stripeSubscriptionId: null, subscriptionStatus: 'active' });
    expect(company.cancelledAt).toBeInstanceOf(Date);
  });

  it('acknowledges events it does not handle, and events for nobody it knows', async () => {
    t = await billingApp();
    const base = await paidButNotDelivered(t);
    const invoice: StripeEvent = { ...base, id: 'evt_test_invoice', type: 'invoice.paid', data: { object: { id: 'in_1', object: 'invoice' } } };
    expect((await deliver(t, invoice)).body).toEqual({ received: true, ignored: 'invoice.paid is not handled' });

    const object = { ...(base.data.object as Record<string, unknown>), customer: 'cus_test_nobody', client_reference_id: null, metadata: {} };
    const stranger: StripeEvent = { ...base, id: 'evt_test_stranger', data: { object } };
    expect((await deliver(t, stranger)).body).toEqual({ received: true, ignored: 'no company for this checkout' });
    expect((await t.company()).subscriptionPlan).toBe('trial');
  });
});
