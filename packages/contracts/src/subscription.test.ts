/** The rules of plans.ts and subscription.ts: plan limits, prices, and how a plan change goes. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN, PLAN_LIST, PLANS, planFor } from './plans';
import { CheckoutBody, CheckoutResponse, PlanChangeBody, SubscriptionPageQuery, SubscriptionState, canAddUser, planChangeKind } from './subscription';

describe('plans', () => {
  it('gives the trial 5 products and 1 user (the stored default wins over the old 25)', () => {
    expect(PLANS.trial.productLimit).toBe(5);
    expect(PLANS.trial.userLimit).toBe(1);
    expect(DEFAULT_PLAN).toBe('trial');
  });

  it('prices starter at $5 and premium at $10 a month, in cents', () => {
    expect(PLANS.starter.priceCents).toBe(500);
    expect(PLANS.premium.priceCents).toBe(1000);
    expect(PLANS.premium.userLimit).toBeNull();
    expect(PLANS.premium.productLimit).toBe(1000);
  });

  it('lists plans by rank and falls back to the trial for an unknown plan', () => {
    expect(PLAN_LIST.map((p) => p.id)).toEqual(['trial', 'starter', 'premium']);
    expect(planFor('gold').id).toBe('trial');
    expect(planFor(null).id).toBe('trial');
  });
});

describe('plan changes', () => {
  it('sends a move to a higher plan through checkout, and the same or lower as a direct change', () => {
    expect(planChangeKind('trial', 'starter')).toBe('upgrade');
    expect(planChangeKind('premium', 'starter')).toBe('downgrade');
    expect(planChangeKind('starter', 'starter')).toBe('same');
  });

  it('has a checkout only for paid plans', () => {
    expect(CheckoutBody.safeParse({ plan: 'trial' }).success).toBe(false);
    expect(CheckoutBody.parse({ plan: 'premium' })).toEqual({ plan: 'premium' });
    expect(PlanChangeBody.parse({ plan: 'trial' })).toEqual({ plan: 'trial' });
    expect(PlanChangeBody.safeParse({ plan: 'gold' }).error?.issues[0]?.message).toBe('Please choose a plan');
  });

  it('expects a checkout URL back', () => {
    expect(CheckoutResponse.safeParse({ checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_1' }).success).toBe(true);
    expect(CheckoutResponse.safeParse({}).success).toBe(false);
  });

  it('reads the return from checkout and drops unknown values', () => {
    expect(SubscriptionPageQuery.parse({ success: 'true', plan: 'starter' })).toEqual({ success: true, plan: 'starter' });
    expect(SubscriptionPageQuery.parse({ canceled: 'true', upgrade: 'gold' })).toEqual({ canceled: true });
  });

  it('caps users by plan: 1 on trial, 2 on starter, unlimited on premium', () => {
    expect(canAddUser('trial', 1)).toBe(false);
    expect(canAddUser('starter', 1)).toBe(true);
    expect(canAddUser('starter', 2)).toBe(false);
    expect(canAddUser('premium', 500)).toBe(true);
  });
});

describe('subscription state and the return from checkout', () => {
  it('reads the checkout session id Stripe puts in the success URL, and drops anything else', () => {
    expect(SubscriptionPageQuery.parse({ success: 'true', plan: 'starter', session_id: 'cs_test_abc123' })).toEqual({ success: true, plan: 'starter', session_id: 'cs_test_abc123' });
    expect(SubscriptionPageQuery.parse({ session_id: '<script>' }).session_id).toBeUndefined();
    expect(PlanChangeBody.parse({ plan: 'starter', sessionId: 'cs_test_abc123' })).toEqual({ plan: 'starter', sessionId: 'cs_test_abc123' });
    expect(PlanChangeBody.safeParse({ plan: 'starter', sessionId: 'sub_123' }).success).toBe(false);
  });

  it('describes the plan Stripe confirmed, with the period end as an ISO time', () => {
    const state = {
      plan: 'starter', productLimit: 100, status: 'active', currentPeriodEnd: '2030-02-01T00:00:00.000Z',
      cancelAtPeriodEnd: true, cancelledAt: '2030-01-15T10:00:00.000Z', productCount: 87, billingEnabled: true,
    };
    expect(SubscriptionState.parse(state)).toEqual(state);
    expect(SubscriptionState.safeParse({ ...state, plan: 'gold' }).success).toBe(false);
  });
});
