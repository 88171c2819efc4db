import { describe, expect, it } from 'vitest';
import { BigCommerceError } from '@catalog/commerce';
import { cancelledMessage, planLimitWarning, syncErrorMessage } from './sync-messages';

describe('sync messages', () => {
  it('warns only when the plan left products out, with grouped thousands', () => {
    expect(planLimitWarning('Trial', 5, 1200)).toBe('Your Trial plan allows 5 products; 1,195 more in your store were not synced. Upgrade to sync more.');
    expect(planLimitWarning('Starter', 100, 101)).toBe('Your Starter plan allows 100 products; 1 more in your store was not synced. Upgrade to sync more.');
    expect(planLimitWarning('Trial', 5, 5)).toBeUndefined();
  });

  it('says what a cancel left behind', () => {
    expect(cancelledMessage(0)).toBe('Sync cancelled; nothing was changed');
    expect(cancelledMessage(1)).toBe('Sync cancelled; 1 product was updated before it stopped');
  });

  it('names the cause of a store failure, and stays generic for our own', () => {
    const fail = (kind: ConstructorParameters<typeof BigCommerceError>[0]['kind'], status: number | null = null) =>
      syncErrorMessage(new BigCommerceError({ kind, status, title: 'x' }));
    expect(fail('auth', 403)).toBe('The store rejected the access token (HTTP 403). Check the access token in Settings.');
    expect(fail('not_found', 404)).toBe('The store was not found. Check the store hash in Settings.');
    expect(fail('rate_limited', 429)).toMatch(/rate limit/);
    expect(fail('server', 503)).toBe('BigCommerce answered with an error (HTTP 503). Try again later.');
    const refused = new BigCommerceError({ kind: 'network', title: 'failed', cause: new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }) });
    expect(syncErrorMessage(refused)).toBe('Could not reach the store: ECONNREFUSED');
    expect(syncErrorMessage(new Error('SQLITE_BUSY'))).toBe('The sync failed on our side. Please try again.');
  });
});
