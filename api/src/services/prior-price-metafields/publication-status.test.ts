/**
 * The publication's state from its facts, for the cases the API tests do not reach with a store:
 * a failure outranks a pending change, a failure of a publication that never published anything
 * is forgotten once publishing is off, and metafields left in a store no longer connected cannot
 * be reached (off).
 */
import { describe, expect, it } from 'vitest';
import type { PriorPricePublication } from '../../db/repositories';
import { publicationStatusOf } from './publication-status';

const AT = new Date(Date.UTC(2030, 0, 10, 12));
const row = (over: Partial<PriorPricePublication> = {}): PriorPricePublication => ({
  companyId: 'c', storeHash: 'store-a', days: 30, requested: 2, done: 2, refreshAt: AT, retryAt: null, failures: 0, lastError: null, publishedAt: AT, ...over,
});
const on = { publishPriorPrice: true, priorPriceDays: 30 };
const off = { publishPriorPrice: false, priorPriceDays: 30 };

describe('publicationStatusOf', () => {
  it('says published when the store holds what the settings say, pending for a change, another window or store', () => {
    expect(publicationStatusOf({ company: on, storeHash: 'store-a', overview: { publication: row(), variants: 4 } }))
      .toEqual({ state: 'published', variants: 4, publishedAt: AT.toISOString() });
    for (const changed of [row({ requested: 3 }), row({ days: 14 }), row({ storeHash: 'store-b' })]) {
      expect(publicationStatusOf({ company: on, storeHash: 'store-a', overview: { publication: changed, variants: 4 } })).toMatchObject({ state: 'pending', publishing: true });
    }
    // The daily refresh due is no change.
    expect(publicationStatusOf({ company: on, storeHash: 'store-a', overview: { publication: row({ refreshAt: new Date(0) }), variants: 4 } })).toMatchObject({ state: 'published' });
  });

  it('says failing rather than pending while a failed run waits for its retry', () => {
    const failed = row({ requested: 3, failures: 2, lastError: 'The store could not be reached.', retryAt: AT });
    expect(publicationStatusOf({ company: on, storeHash: 'store-a', overview: { publication: failed, variants: 4 } })).toEqual({
      state: 'failing', variants: 4, publishedAt: AT.toISOString(), publishing: true, failures: 2, lastError: 'The store could not be reached.', retryAt: AT.toISOString(),
    });
  });

  it('says off once nothing published is left or reachable, whatever failed before', () => {
    expect(publicationStatusOf({ company: off, storeHash: 'store-a', overview: { publication: null, variants: 0 } })).toEqual({ state: 'off' });
    expect(publicationStatusOf({ company: off, storeHash: 'store-a', overview: { publication: row({ days: null, failures: 3, lastError: 'x' }), variants: 0 } })).toEqual({ state: 'off' });
    expect(publicationStatusOf({ company: { publishPriorPrice: true, priorPriceDays: null }, storeHash: 'store-a', overview: { publication: row({ days: null }), variants: 0 } })).toEqual({ state: 'off' });
    expect(publicationStatusOf({ company: off, storeHash: null, overview: { publication: row(), variants: 4 } })).toEqual({ state: 'off' });
    // Left in a connected store: deleting them is pending, or failing.
    expect(publicationStatusOf({ company: off, storeHash: 'store-a', overview: { publication: row(), variants: 4 } })).toMatchObject({ state: 'pending', publishing: false, storeConnected: true });
    expect(publicationStatusOf({ company: off, storeHash: 'store-a', overview: { publication: row({ failures: 1, lastError: 'x', retryAt: AT }), variants: 4 } }))
      .toMatchObject({ state: 'failing', publishing: false });
  });

  it('says pending without a store while publishing is on', () => {
    expect(publicationStatusOf({ company: on, storeHash: null, overview: { publication: null, variants: 0 } }))
      .toEqual({ state: 'pending', variants: 0, publishedAt: null, publishing: true, storeConnected: false });
  });
});
