/**
 * `checkCredentials`: one cheap call (the first product, id only) that tells a merchant what is
 * wrong with the connection details: bad token (401/403), unknown store hash (404), or a store
 * that cannot be reached, rather than one generic failure.
 */
import { BigCommerceError } from './errors';
import type { BigCommerceErrorKind } from './errors';
import type { Transport } from './transport';
import { paginationOf } from './wire';

export type CredentialCheck =
  | { ok: true; productCount: number }
  | { ok: false; kind: BigCommerceErrorKind; message: string; error: BigCommerceError };

/** The sentence to show a merchant for each kind of failure. */
export const CREDENTIAL_MESSAGES: Readonly<Record<BigCommerceErrorKind, string>> = {
  auth: 'The access token was refused. Check the token and that it has the Products scope.',
  not_found: 'No store was found for this store hash. Check the store hash.',
  network: 'The store could not be reached. Check the network and try again.',
  timeout: 'The store did not answer in time. Try again.',
  rate_limited: 'The store is busy (rate limit reached). Try again in a minute.',
  server: 'BigCommerce answered with an error. Try again later.',
  validation: 'The store refused the request.',
  aborted: 'The check was cancelled.',
};

export async function checkCredentials(transport: Transport, options: { signal?: AbortSignal; maxAttempts?: number } = {}): Promise<CredentialCheck> {
  try {
    const { body } = await transport.send({
      method: 'GET',
      path: '/catalog/products',
      // `id` always comes back and is not an allowed include_fields value; `name` keeps the answer small.
      query: { limit: 1, include_fields: 'name' },
      purpose: 'read',
      signal: options.signal,
      maxAttempts: options.maxAttempts ?? 2,
    });
    return { ok: true, productCount: paginationOf(body).total };
  } catch (err) {
    if (!(err instanceof BigCommerceError)) throw err;
    return { ok: false, kind: err.kind, message: CREDENTIAL_MESSAGES[err.kind], error: err };
  }
}
