/**
 * GET and PATCH /api/company/settings (issue 19): every role reads them, owners and admins
 * change them (members 403), bodies validated as every other (400 with fields), approvals only
 * on a plan with teams (403 PLAN_LIMIT on the Trial; after a downgrade they read as off).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CompanySettings, DEFAULT_COMPANY_SETTINGS } from '@catalog/contracts/company-settings';
import { ErrorBody } from '@catalog/contracts/errors';
import { planFeatureMessage } from '@catalog/contracts/plans';
import { teamApp, type TeamApp } from '../../testing/team-fixture';

let current: TeamApp | undefined;
async function make(plan: 'trial' | 'starter' | 'premium' = 'premium') {
  current = await teamApp({ plan });
  return current;
}
afterEach(async () => {
  await current?.close();
  current = undefined;
});
const error = (body: unknown) => ErrorBody.parse(body).error;
const URL = '/api/company/settings';

describe('GET /api/company/settings', () => {
  it('gives every role the defaults of a new company', async () => {
    const t = await make();
    for (const who of [t.owner, t.admin, t.member]) {
      const res = await t.call(who, 'GET', URL);
      expect(res.status).toBe(200);
      expect(CompanySettings.parse(res.body)).toEqual(DEFAULT_COMPANY_SETTINGS);
    }
    expect((await t.call(null, 'GET', URL)).status).toBe(401);
  });
});

describe('PATCH /api/company/settings', () => {
  it('lets owners and admins change any subset; what they saved is what everyone reads, and no other company', async () => {
    const t = await make();
    const saved = await t.call(t.admin, 'PATCH', URL, { guardrailThresholdPercent: 25, blockingGuardrails: ['zeroPrice', 'belowCost'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...DEFAULT_COMPANY_SETTINGS, guardrailThresholdPercent: 25, blockingGuardrails: ['zeroPrice', 'belowCost'] });
    const again = await t.call(t.owner, 'PATCH', URL, { retailFloor: true, ordersNeedApproval: true });
    expect(again.body).toEqual({ ordersNeedApproval: true, guardrailThresholdPercent: 25, retailFloor: true, blockingGuardrails: ['zeroPrice', 'belowCost'], priorPriceDays: null, priorPriceShownAs: 'regular', publishPriorPrice: false });
    expect((await t.call(t.member, 'GET', URL)).body).toEqual(again.body);
    expect((await t.call(t.outsider, 'GET', URL)).body).toEqual(DEFAULT_COMPANY_SETTINGS);
    // The EU prior price mode (issue 36): its window, the "was" price the theme shows, publishing.
    const eu = await t.call(t.owner, 'PATCH', URL, { priorPriceDays: 30, priorPriceShownAs: 'msrp', publishPriorPrice: true });
    expect(eu.body).toEqual({ ...(again.body as object), priorPriceDays: 30, priorPriceShownAs: 'msrp', publishPriorPrice: true });
    expect(await t.db.companies.get(t.owner.companyId)).toMatchObject({ priorPriceDays: 30, priorPriceShownAs: 'msrp', publishPriorPrice: true });
  });

  it('refuses members with 403, changing nothing', async () => {
    const t = await make();
    const res = await t.call(t.member, 'PATCH', URL, { blockingGuardrails: [] });
    expect(res.status).toBe(403);
    expect(error(res.body)).toMatchObject({ code: 'FORBIDDEN', message: 'Only owners and admins can change company settings' });
    expect(await t.db.companies.get(t.owner.companyId)).toMatchObject({ blockingGuardrails: [] });
  });

  it.each([
    ['a threshold of 0', { guardrailThresholdPercent: 0 }, 'guardrailThresholdPercent'],
    ['a threshold over 1000', { guardrailThresholdPercent: 1001 }, 'guardrailThresholdPercent'],
    ['a fractional threshold', { guardrailThresholdPercent: 12.5 }, 'guardrailThresholdPercent'],
    ['a threshold as text', { guardrailThresholdPercent: '50' }, 'guardrailThresholdPercent'],
    ['an unknown rule', { blockingGuardrails: ['zeroPrice', 'everything'] }, 'blockingGuardrails.1'],
    ['a rule twice', { blockingGuardrails: ['zeroPrice', 'zeroPrice'] }, 'blockingGuardrails'],
    ['approval as text', { ordersNeedApproval: 'yes' }, 'ordersNeedApproval'],
    ['a prior price window of 0 days', { priorPriceDays: 0 }, 'priorPriceDays'],
    ['an unknown "was" price', { priorPriceShownAs: 'list' }, 'priorPriceShownAs'],
    ['publishing as text', { publishPriorPrice: 'on' }, 'publishPriorPrice'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const t = await make();
    const res = await t.call(t.owner, 'PATCH', URL, body);
    expect(res.status).toBe(400);
    const e = error(res.body);
    expect(e.code).toBe('VALIDATION');
    expect(Object.keys(e.fields ?? {})).toContain(field);
    expect(CompanySettings.parse((await t.call(t.owner, 'GET', URL)).body)).toEqual(DEFAULT_COMPANY_SETTINGS);
  });

  it('refuses an empty body and unknown settings', async () => {
    const t = await make();
    expect((await t.call(t.owner, 'PATCH', URL, {})).status).toBe(400);
    expect((await t.call(t.owner, 'PATCH', URL, { approvalsBy: 'owner' })).status).toBe(400);
  });

  it('keeps approvals to the plans with teams: 403 PLAN_LIMIT on the Trial, allowed on Starter; a downgrade reads as off', async () => {
    const t = await make('trial');
    const refused = await t.call(t.owner, 'PATCH', URL, { ordersNeedApproval: true });
    expect(refused.status).toBe(403);
    expect(error(refused.body)).toEqual({ code: 'PLAN_LIMIT', message: planFeatureMessage('approvals', 'trial') });
    expect(error(refused.body).message).toBe("Approvals of members' work orders are part of the Starter plan. Your company is on the Trial plan: upgrade to Starter to use them.");
    // Guardrails are every plan's; turning approvals off is always allowed.
    expect((await t.call(t.owner, 'PATCH', URL, { ordersNeedApproval: false, retailFloor: true })).status).toBe(200);

    await t.setPlan(t.owner.companyId, 'starter');
    expect((await t.call(t.owner, 'PATCH', URL, { ordersNeedApproval: true })).body).toMatchObject({ ordersNeedApproval: true });
    await t.setPlan(t.owner.companyId, 'trial');
    expect((await t.call(t.member, 'GET', URL)).body).toMatchObject({ ordersNeedApproval: false, retailFloor: true });
    await t.setPlan(t.owner.companyId, 'premium');
    expect((await t.call(t.member, 'GET', URL)).body).toMatchObject({ ordersNeedApproval: true });
  });
});
