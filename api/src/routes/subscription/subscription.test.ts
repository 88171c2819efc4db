/**
 * /api/subscription against the local Stripe stand-in, with the real SDK: the checkout session
 * Stripe is asked for (customer, price, URLs), the plan following what Stripe confirmed (the
 * webhook, or the return from checkout before it), upgrades only through checkout, downgrades
 * with proration, cancellation at the end of the period and the move to the trial then, and who
 * may do what.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PLANS } from '@catalog/contracts/plans';
import { billingApp, PRICES, type BillingApp } from '../../testing/billing-fixture';
import { testApp, testUser } from '../../testing/test-app';

let t: BillingApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const requestsTo = (app: BillingApp, method: string, path: RegExp) => app.fake.requests.filter((r) => r.method === method && path.test(r.path));
const sessionIdOf = (successUrl: string) => new URL(successUrl).searchParams.get('session_id')!;

describe('checkout', () => {
  it("asks Stripe for a subscription checkout of the plan's price, for the company's customer, returning to /subscription", async () => {
    t = await billingApp();
    const res = await t.call(t.owner, 'POST', '/api/subscription/checkout', { plan: 'starter' });
    expect(res.status).toBe(200);
    expect(String(res.body.checkoutUrl)).toMatch(new RegExp(`^${t.stripeUrl}/checkout/cs_test_\\w+$`));

    const company = await t.company();
    expect(company.stripeCustomerId).toMatch(/^cus_test_/);
    const customer = t.fake.state.customers.get(company.stripeCustomerId!);
    expect(customer).toMatchObject({ email: t.owner.email, metadata: { companyId: t.companyId } });
    const [created] = requestsTo(t, 'POST', /^\/v1\/checkout\/sessions$/);
    expect(created?.params).toMatchObject({
      mode: 'subscription',
      customer: company.stripeCustomerId,
      client_reference_id: t.companyId,
      line_items: [{ price: PRICES.starter, quantity: '1' }],
      success_url: 'http://app.test/subscription?success=true&plan=starter&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/subscription?canceled=true',
      metadata: { companyId: t.companyId, plan: 'starter' },
      subscription_data: { metadata: { companyId: t.companyId, plan: 'starter' } },
    });
    // Nothing is confirmed until Stripe says so.
    expect(company.subscriptionPlan).toBe('trial');

    // A second checkout reuses the customer.
    await t.call(t.owner, 'POST', '/api/subscription/checkout', { plan: 'premium' });
    expect(requestsTo(t, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
    expect(requestsTo(t, 'POST', /^\/v1\/checkout\/sessions$/)[1]?.params.customer).toBe(company.stripeCustomerId);
  });

  it('returns from Stripe to PUBLIC_URL whatever Host or X-Forwarded-* the request names (issue 31)', async () => {
    t = await billingApp();
    const res = await t.app.request('http://evil.example/api/subscription/checkout', {
      method: 'POST',
      headers: { ...t.owner.headers, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ plan: 'premium' }),
    });
    expect(res.status).toBe(200);
    const [created] = requestsTo(t, 'POST', /^\/v1\/checkout\/sessions$/);
    expect(created?.params).toMatchObject({
      success_url: 'http://app.test/subscription?success=true&plan=premium&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/subscription?canceled=true',
    });
  });

  it('moves the company to the plan once paid (signed webhook), and the return from checkout agrees', async () => {
    t = await billingApp();
    const back = await t.upgrade('starter');
    expect(back).toMatch(/^http:\/\/app\.test\/subscription\?success=true&plan=starter&session_id=cs_test_\w+$/);

    expect(t.fake.webhooks.deliveries.map((d) => [d.type, d.status])).toEqual([['checkout.session.completed', 200], ['customer.subscription.updated', 200]]);
    const company = await t.company();
    expect(company).toMatchObject({ subscriptionPlan: 'starter', productLimit: 100, subscriptionStatus: 'active', cancelledAt: null });
    expect(company.stripeSubscriptionId).toMatch(/^sub_test_/);
    expect(company.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    const confirmed = await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'starter', sessionId: sessionIdOf(back) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ plan: 'starter', productLimit: 100, status: 'active', cancelAtPeriodEnd: false, billingEnabled: true });
    const me = await t.call(t.owner, 'GET', '/api/auth/user');
    expect(me.body.company).toMatchObject({ subscriptionPlan: 'starter', productLimit: 100 });
  });

  it('confirms the plan with Stripe on the return from checkout when the webhook has not arrived yet', async () => {
    t = await billingApp();
    t.fake.webhooks.configure({ url: null });
    const back = await t.upgrade('premium');
    expect((await t.company()).subscriptionPlan).toBe('trial');
    const confirmed = await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'premium', sessionId: sessionIdOf(back) });
    expect(confirmed.body).toMatchObject({ plan: 'premium', productLimit: PLANS.premium.productLimit });
  });

  it('never takes the plan from the request: an unpaid or foreign checkout, or none, is no upgrade', async () => {
    t = await billingApp();
    const noCheckout = await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'premium' });
    expect(noCheckout.status).toBe(409);
    expect(noCheckout.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/needs a completed checkout/) });

    const started = await t.call(t.owner, 'POST', '/api/subscription/checkout', { plan: 'starter' });
    const unpaid = String(started.body.checkoutUrl).split('/').pop()!;
    expect((await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'starter', sessionId: unpaid })).status).toBe(409);

    const stranger = await (async () => {
      const other = testUser('Otto Other');
      await t!.call(other, 'GET', '/api/auth/user');
      return other;
    })();
    expect((await t.call(stranger, 'POST', '/api/subscription/change', { plan: 'starter', sessionId: unpaid })).status).toBe(404);
    expect((await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'starter', sessionId: 'cs_test_unknown' })).status).toBe(404);
    expect((await t.company()).subscriptionPlan).toBe('trial');

    expect((await t.call(t.owner, 'POST', '/api/subscription/checkout', { plan: 'trial' })).status).toBe(400);
    await t.upgrade('starter');
    const again = await t.call(t.owner, 'POST', '/api/subscription/checkout', { plan: 'starter' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ message: 'You are already on the Starter plan' });
  });

  it('replaces the Starter subscription when Premium is bought through checkout', async () => {
    t = await billingApp();
    await t.upgrade('starter');
    const starterSub = (await t.company()).stripeSubscriptionId!;
    await t.upgrade('premium');
    const company = await t.company();
    expect(company).toMatchObject({ subscriptionPlan: 'premium', productLimit: 1000 });
    expect(company.stripeSubscriptionId).not.toBe(starterSub);
    // The old subscription ended at Stripe; its deleted event did not drop the company to the trial.
    expect(t.fake.state.subscription(starterSub).status).toBe('canceled');
    expect(t.fake.eventsOf('customer.subscription.deleted').map((e) => (e.data.object as { id: string }).id)).toContain(starterSub);
  });
});

describe('downgrade and cancellation', () => {
  it("changes the subscription item's price with proration on a downgrade; the same plan changes nothing", async () => {
    t = await billingApp();
    await t.upgrade('premium');
    const subId = (await t.company()).stripeSubscriptionId!;
    const item = t.fake.state.subscription(subId).items.data[0]!;

    const res = await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'starter' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: 'starter', productLimit: 100 });
    const [update] = requestsTo(t, 'POST', new RegExp(`^/v1/subscriptions/${subId}$`));
    expect(update?.params).toMatchObject({ items: [{ id: item.id, price: PRICES.starter }], proration_behavior: 'create_prorations', cancel_at_period_end: 'false' });
    expect(t.fake.state.subscription(subId).items.data[0]!.price.id).toBe(PRICES.starter);
    expect(t.fake.state.prorations.at(-1)).toMatchObject({ subscription: subId, fromPrice: PRICES.premium, toPrice: PRICES.starter });
    expect(t.fake.state.prorations.at(-1)!.amount).toBeLessThan(0);

    await t.fake.webhooks.idle();
    const before = t.fake.requests.length;
    const same = await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'starter' });
    expect(same.body).toMatchObject({ plan: 'starter' });
    expect(t.fake.requests.length).toBe(before);
  });

  it('cancels at the end of the period, then moves the company to the trial when the period ends', async () => {
    t = await billingApp();
    await t.upgrade('starter');
    const subId = (await t.company()).stripeSubscriptionId!;

    const cancelled = await t.call(t.owner, 'POST', '/api/subscription/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ plan: 'starter', productLimit: 100, cancelAtPeriodEnd: true });
    expect(cancelled.body.cancelledAt).toEqual(expect.any(String));
    expect(cancelled.body.currentPeriodEnd).toBe(new Date(t.fake.state.subscription(subId).items.data[0]!.current_period_end * 1000).toISOString());
    expect(t.fake.state.subscription(subId)).toMatchObject({ cancel_at_period_end: true, status: 'active' });

    await t.fake.endPeriod(subId);
    const company = await t.company();
    expect(company).toMatchObject({ subscriptionPlan: 'trial', productLimit: 5, stripeSubscriptionId: null, currentPeriodEnd: null });
    const state = await t.call(t.owner, 'GET', '/api/subscription');
    expect(state.body).toMatchObject({ plan: 'trial', productLimit: 5, cancelAtPeriodEnd: false, currentPeriodEnd: null });
    expect((await t.call(t.owner, 'POST', '/api/subscription/cancel')).status).toBe(409);
  });

  it('takes back a pending cancellation when a paid plan is chosen again', async () => {
    t = await billingApp();
    await t.upgrade('premium');
    await t.call(t.owner, 'POST', '/api/subscription/cancel');
    const res = await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'starter' });
    expect(res.body).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: false, cancelledAt: null });
  });

  it('ends the subscription now, with the unused time credited, on a downgrade to the trial', async () => {
    t = await billingApp();
    await t.upgrade('starter');
    const subId = (await t.company()).stripeSubscriptionId!;
    const res = await t.call(t.owner, 'POST', '/api/subscription/change', { plan: 'trial' });
    expect(res.body).toMatchObject({ plan: 'trial', productLimit: 5 });
    expect(t.fake.state.subscription(subId).status).toBe('canceled');
    expect(requestsTo(t, 'DELETE', new RegExp(`^/v1/subscriptions/${subId}$`))[0]?.params).toMatchObject({ prorate: 'true' });
  });
});

describe('who may change the plan', () => {
  it('lets owners and admins change it and members only read it', async () => {
    t = await billingApp();
    const member = await t.teammate('member');
    const admin = await t.teammate('admin');
    expect((await t.call(member, 'GET', '/api/subscription')).body).toMatchObject({ plan: 'trial', productCount: 0 });
    for (const [path, body] of [['/api/subscription/checkout', { plan: 'starter' }], ['/api/subscription/change', { plan: 'trial' }], ['/api/subscription/cancel', undefined]] as const) {
      const res = await t.call(member, 'POST', path, body);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ message: 'Only owners and admins can change the subscription' });
    }
    expect((await t.call(admin, 'POST', '/api/subscription/checkout', { plan: 'starter' })).status).toBe(200);
    expect((await t.call(null, 'GET', '/api/subscription')).status).toBe(401);
  });

  it('refuses what needs Stripe when payments are not set up, and says so', async () => {
    const plain = await testApp();
    try {
      const owner = testUser('Olive Owner');
      const headers = owner.headers;
      const state = await plain.app.request('/api/subscription', { headers });
      expect(await state.json()).toMatchObject({ plan: 'trial', billingEnabled: false });
      const res = await plain.app.request('/api/subscription/checkout', { method: 'POST', headers, body: JSON.stringify({ plan: 'starter' }) });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ error: { code: 'UPSTREAM', message: 'Payments are not set up on this server, so paid plans cannot be changed' } });
    } finally {
      await plain.close();
    }
  });
});
