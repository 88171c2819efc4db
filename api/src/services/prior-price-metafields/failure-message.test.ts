/**
 * A publication run's failure in the merchant's words: a 403 asks for the Products modify scope,
 * a 401 for a new token, the store's passing failures say what happened, and a refusal keeps the
 * store's own words without links, credentials or tokens.
 */
import { REQUIRED_SCOPES } from '@catalog/contracts/bigcommerce-app';
import { describe, expect, it } from 'vitest';
import {
  conflictsMessage, MISSING_SCOPE_MESSAGE, publicationFailureMessage, RATE_LIMITED_MESSAGE, STORE_NOT_FOUND_MESSAGE, TIMEOUT_MESSAGE,
  TOKEN_REFUSED_MESSAGE, UNREACHABLE_MESSAGE, withoutSecrets,
} from './failure-message';

describe('publicationFailureMessage', () => {
  it('asks for the Products modify scope on a 403, whether thrown or given to each write', () => {
    expect(publicationFailureMessage({ status: 403, kind: 'auth', detail: '403 You don\'t have a required scope (GET /catalog/variants/metafields?namespace=pricing)' })).toBe(MISSING_SCOPE_MESSAGE);
    expect(publicationFailureMessage({ status: 403, detail: 'Forbidden', count: 50 })).toBe(MISSING_SCOPE_MESSAGE);
    expect(MISSING_SCOPE_MESSAGE).toContain('reconnect the store to grant the app the Products modify scope');
    expect(MISSING_SCOPE_MESSAGE).toContain(REQUIRED_SCOPES[0]);
  });

  it('says what the store did for the other statuses and kinds', () => {
    expect(publicationFailureMessage({ status: 401, kind: 'auth', detail: '401 Unauthorized' })).toBe(TOKEN_REFUSED_MESSAGE);
    expect(publicationFailureMessage({ status: 429, kind: 'rate_limited', detail: '429 Too many requests' })).toBe(RATE_LIMITED_MESSAGE);
    expect(publicationFailureMessage({ status: 503, kind: 'server', detail: '503 Service Unavailable (POST /catalog/variants/metafields)' }))
      .toMatch(/^The store kept answering with a server error \(503\) after several tries\./);
    expect(publicationFailureMessage({ status: null, kind: 'network', detail: 'The connection to the store failed: getaddrinfo ENOTFOUND api.bigcommerce.com' })).toBe(UNREACHABLE_MESSAGE);
    expect(publicationFailureMessage({ status: null, kind: 'timeout', detail: 'No answer within 30000 ms' })).toBe(TIMEOUT_MESSAGE);
    expect(publicationFailureMessage({ status: 404, kind: 'not_found', detail: '404 Store not found (GET /catalog/variants/metafields)' })).toBe(STORE_NOT_FOUND_MESSAGE);
    expect(conflictsMessage(1)).toBe('The store refused 1 metafield as already there, yet did not list it. The app reads the store again at its next try.');
  });

  it('keeps the store\u2019s words for a refusal, without a link, a credential or a token', () => {
    expect(publicationFailureMessage({ status: 422, detail: 'Unprocessable Entity: The value is too long', count: 3 }))
      .toBe('The store refused 3 metafield writes (422): Unprocessable Entity: The value is too long');
    const leaky = publicationFailureMessage({
      status: 400, kind: 'validation',
      detail: '400 Bad request: see https://api.bigcommerce.com/stores/abc123/v3?access_token=s3cr3t0123456789abcdefghij X-Auth-Token: 7g3k2m9x4p1q8w5e6r0t2y4u6i8o0p1 (PUT /catalog/variants/metafields)',
    });
    expect(leaky).toMatch(/^The store refused a metafield write \(400\): 400 Bad request: see \(a link\)/);
    expect(leaky).not.toMatch(/https?:|abc123|s3cr3t|7g3k2m9x|\/catalog\/|PUT/);
  });

  it('cuts the store\u2019s words to one short line', () => {
    expect(withoutSecrets(`a\n\tb ${'word '.repeat(100)}`)).toHaveLength(200);
    expect(withoutSecrets('password=hunter2, then')).toBe('password (hidden), then');
    expect(withoutSecrets('variant 123456789 refused')).toBe('variant 123456789 refused');
  });
});
