/**
 * The backups' contract (issue 17): the plan-feature rule and its 403 refusal, the restore's body,
 * and a work-order item that makes a variant inherit its product's price again.
 */
import { describe, expect, it } from 'vitest';
import {
  BackupDiffQuery, BackupIdDiffQuery, FUTURE_MOMENT_MESSAGE, isPastMoment, MAX_MOMENT_CLOCK_SKEW_MS, PRICE_LIST_CHOICE_MESSAGE, RestoreBackupBody,
  RestoreMomentBody, restoreTitle, TimeZoneName,
} from './backups';
import { ERROR_STATUS } from './errors';
import { PLAN_FEATURE_STATUS, planFeatureError, planHasFeature, planNeededFor, plansWithFeature, PLANS } from './plans';
import { countWorkOrderUpdates } from './work-order-rules';
import { WorkOrderItem } from './work-orders';

describe('the plan-feature table', () => {
  it('gives backups to Premium only, and names the plan needed in a 403 PLAN_LIMIT', () => {
    expect(plansWithFeature('pricingBackups')).toEqual(['premium']);
    expect(planHasFeature('premium', 'pricingBackups')).toBe(true);
    expect(planHasFeature('starter', 'pricingBackups')).toBe(false);
    expect(planHasFeature('trial', 'pricingBackups')).toBe(false);
    expect(planHasFeature('no-such-plan', 'pricingBackups')).toBe(false);
    expect(planNeededFor('pricingBackups').id).toBe('premium');
    expect(PLANS.premium.features).toContain('Catalog pricing backups');
    const err = planFeatureError('pricingBackups', 'starter');
    expect(err).toMatchObject({ code: 'PLAN_LIMIT', status: 403, message: 'Catalog pricing backups are part of the Premium plan. Your company is on the Starter plan: upgrade to Premium to use them.' });
    expect(PLAN_FEATURE_STATUS).toBe(403);
    // A limit reached stays 402.
    expect(ERROR_STATUS.PLAN_LIMIT).toBe(402);
  });
});

describe('the restore body', () => {
  it('takes no items (everything), a selection, a client id and a time zone', () => {
    expect(RestoreBackupBody.parse({})).toEqual({});
    expect(RestoreBackupBody.parse({ items: [{ productId: 101 }, { productId: 101, variantId: 9001 }], timeZone: 'Europe/Paris' }).items).toHaveLength(2);
    expect(RestoreBackupBody.safeParse({ items: [1, 2] }).success).toBe(false);
    expect(RestoreBackupBody.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(RestoreBackupBody.safeParse({ id: 'not-a-uuid' }).success).toBe(false);
    expect(RestoreMomentBody.safeParse({}).success).toBe(false);
    expect(RestoreMomentBody.safeParse({ at: '2025-03-08T09:05:00.000+01:00' }).success).toBe(true);
    expect(TimeZoneName.safeParse('').success).toBe(false);
  });

  it('compares and restores a moment that is not in the future (a minute of clock skew allowed), naming `at`', () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    for (const past of [iso(now - 86_400_000), iso(now), iso(now + MAX_MOMENT_CLOCK_SKEW_MS - 5_000)]) {
      expect(RestoreMomentBody.safeParse({ at: past }).success).toBe(true);
      expect(BackupDiffQuery.safeParse({ at: past }).success).toBe(true);
    }
    for (const future of ['9999-12-31T23:59:59.999Z', iso(now + MAX_MOMENT_CLOCK_SKEW_MS + 60_000), '2999-01-01T00:00:00+14:00']) {
      for (const schema of [RestoreMomentBody, BackupDiffQuery]) {
        const parsed = schema.safeParse({ at: future });
        expect(parsed.error?.issues.map((i) => [i.path, i.message])).toEqual([[['at'], FUTURE_MOMENT_MESSAGE]]);
      }
    }
    expect(isPastMoment(new Date(now + MAX_MOMENT_CLOCK_SKEW_MS), now)).toBe(true);
    expect(isPastMoment(new Date(now + MAX_MOMENT_CLOCK_SKEW_MS + 1), now)).toBe(false);
    // Not a timestamp: one issue, the format's.
    expect(BackupDiffQuery.safeParse({ at: 'tomorrow' }).error?.issues).toHaveLength(1);
  });
});

describe('a price list and currency to compare or restore (issue 35)', () => {
  it('takes both or neither, in a query (strings) or a body, raising the currency', () => {
    expect(BackupIdDiffQuery.parse({})).toEqual({});
    expect(BackupIdDiffQuery.parse({ priceList: '7', currency: 'usd' })).toEqual({ priceList: 7, currency: 'USD' });
    expect(RestoreBackupBody.parse({ priceList: 7, currency: 'EUR' })).toEqual({ priceList: 7, currency: 'EUR' });
    const at = new Date(Date.now() - 60_000).toISOString();
    expect(BackupDiffQuery.parse({ at, priceList: '7', currency: 'GBP' })).toEqual({ at, priceList: 7, currency: 'GBP' });
    expect(RestoreMomentBody.parse({ at, priceList: 7, currency: 'GBP', items: [{ productId: 1, variantId: 2 }] }).priceList).toBe(7);
    for (const [schema, value, path] of [
      [BackupIdDiffQuery, { priceList: '7' }, 'currency'],
      [RestoreBackupBody, { currency: 'USD' }, 'priceList'],
      [BackupDiffQuery, { at, currency: 'USD' }, 'priceList'],
      [RestoreMomentBody, { at, priceList: 7 }, 'currency'],
    ] as const) {
      expect(schema.safeParse(value).error?.issues.map((i) => [i.path, i.message])).toEqual([[[path], PRICE_LIST_CHOICE_MESSAGE]]);
    }
    for (const bad of [{ priceList: '0', currency: 'USD' }, { priceList: '1.5', currency: 'USD' }, { priceList: '7', currency: 'US' }]) {
      expect(BackupIdDiffQuery.safeParse(bad).success).toBe(false);
    }
  });

  it('names the list in the title of its restore', () => {
    expect(restoreTitle('Mar 8, 2025 at 9:05 AM')).toBe('Restore prices from Mar 8, 2025 at 9:05 AM');
    expect(restoreTitle('Mar 8, 2025 at 9:05 AM', 'Wholesale (USD)')).toBe('Restore Wholesale (USD) prices from Mar 8, 2025 at 9:05 AM');
  });
});

describe('a work-order item that makes a variant inherit again', () => {
  it('is a variant item without a new regular price, and counts as a regular price change', () => {
    const item = { productId: 1, productName: 'Mug', variantId: 2, inheritRegularPrice: true as const };
    expect(WorkOrderItem.safeParse(item).success).toBe(true);
    expect(WorkOrderItem.safeParse({ ...item, variantId: null }).success).toBe(false);
    expect(WorkOrderItem.safeParse({ ...item, newRegularPrice: '5.00' }).success).toBe(false);
    expect(countWorkOrderUpdates([item])).toEqual({ productCount: 1, regularPriceUpdates: 1, salePriceUpdates: 0, retailPriceUpdates: 0 });
  });
});
