import { PLANS } from '@catalog/contracts/plans';
import { describe, expect, it } from 'vitest';
import { endOfPeriodNotice, formatDay, planChangeConfirmation, productLimitNote, statusLabel } from './subscription-copy';

describe('subscription copy', () => {
  it('says when a cancelled subscription ends and what comes after', () => {
    expect(endOfPeriodNotice('2030-03-08T12:00:00.000Z', 'UTC')).toBe(
      'Your subscription ends on Mar 8, 2030; you will move to the Trial plan then.',
    );
    expect(formatDay('not a date')).toBe('');
  });

  it('tells whether every product fits the plan, or that the next sync keeps only the first N', () => {
    expect(productLimitNote(87, PLANS.starter)).toBe('You have 87 products; the Starter plan syncs up to 100.');
    expect(productLimitNote(1, PLANS.trial)).toBe('You have 1 product; the Trial plan syncs up to 5.');
    expect(productLimitNote(1250, PLANS.premium)).toBe(
      'You have 1,250 products; the Premium plan syncs 1,000. Your products stay, but your next sync keeps only the first 1,000.',
    );
  });

  it('reads Stripe statuses as words', () => {
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('past_due')).toBe('Payment past due');
    expect(statusLabel('something_new')).toBe('something new');
  });

  it('asks before an upgrade (payment) and a downgrade (now), warning when products will be left out', () => {
    const up = planChangeConfirmation('upgrade', PLANS.trial, PLANS.starter, 3);
    expect(up).toMatchObject({ title: 'Upgrade to Starter?', confirmLabel: 'Continue to payment', warning: null });
    expect(up.message).toContain('$5 / month');

    const down = planChangeConfirmation('downgrade', PLANS.premium, PLANS.starter, 250);
    expect(down.title).toBe('Downgrade to Starter?');
    expect(down.message).toContain('credited to your next invoice');
    expect(down.warning).toBe('You have 250 products; the Starter plan syncs 100. Your products stay, but your next sync keeps only the first 100.');

    const toTrial = planChangeConfirmation('downgrade', PLANS.starter, PLANS.trial, 4);
    expect(toTrial).toMatchObject({ confirmLabel: 'Downgrade to Trial', warning: null });
    expect(toTrial.message).toContain('ends now');
  });
});
