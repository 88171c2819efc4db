/**
 * The store connection: the factory that builds a BigCommerce client for a company's
 * credentials, the access token kept encrypted at rest (bound to its company) and shown only
 * masked, and the check that turns the store's refusal into a message the settings form shows.
 */
import { BigCommerceClient, type BigCommerceClientOptions, type RequestPriority } from '@catalog/commerce';
import { sleep } from '@catalog/commerce/timing';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { ApiSettings, Database } from '../db/repositories';
import { SecretDecryptError, type SecretBox } from '../lib/secrets';
import { whileWaiting } from '../lib/work-slots';
import { unreachableMessage } from './sync/sync-messages';

export interface StoreCredentials {
  storeHash: string;
  accessToken: string;
  /**
   * The client's place in the store's pacer (one per store in the process): 'foreground' for what
   * a merchant waits on or their work order, which goes before 'background' reads (sync,
   * refreshes, webhook registration) of the same store. Default 'background'.
   */
  priority?: RequestPriority;
}

/** Builds the client of one store (production: api.bigcommerce.com; locally and in tests: the demo store). */
export type CommerceFactory = (credentials: StoreCredentials) => BigCommerceClient;

/** Client settings a factory sets for every client it builds (tests: quick retries, a `fetch` of their own). */
export type ClientTuning = Omit<BigCommerceClientOptions, 'storeHash' | 'accessToken' | 'baseUrl' | 'priority' | 'rateLimiter'>;

/** Statuses whose answers have no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The factory of the clients of stores at `baseUrl` (server.ts: BIGCOMMERCE_API_URL; tests: a
 * demo store). Every wait of a client, its requests to the store (until the whole answer is
 * read) and its pauses (the store's pacer, 429 waits, retry backoffs), runs through
 * `whileWaiting`: a work order or a refresh holding a work slot gives it back while its store
 * keeps it waiting (decision 049).
 */
export function commerceFactory(baseUrl: string, tuning: ClientTuning = {}): CommerceFactory {
  const send = tuning.fetch ?? globalThis.fetch;
  const pause = tuning.sleep ?? sleep;
  const fetchWaiting: typeof fetch = (input, init) =>
    whileWaiting(async () => {
      const res = await send(input, init);
      const body = NO_BODY.has(res.status) ? null : await res.arrayBuffer();
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    });
  return ({ storeHash, accessToken, priority }) =>
    new BigCommerceClient({
      ...tuning, storeHash, accessToken, priority, baseUrl, fetch: fetchWaiting, sleep: (ms, signal) => whileWaiting(() => pause(ms, signal)),
    });
}

/** What the settings form shows instead of the token; a token sent back starting with it means "unchanged". */
export const TOKEN_MASK = '••••••••';
/** Characters of the token shown after the mask, so a merchant can tell which token is saved. */
const VISIBLE_TAIL = 4;

export const isMaskedToken = (value: string): boolean => value.startsWith(TOKEN_MASK.slice(0, 1));

/** '••••••••ab12': only the tail, and only of a token long enough that the tail is a small part of it. */
export function maskToken(token: string | null): string {
  if (!token || token.length < 3 * VISIBLE_TAIL) return TOKEN_MASK;
  return `${TOKEN_MASK}${token.slice(-VISIBLE_TAIL)}`;
}

export const encryptToken = (box: SecretBox, companyId: string, token: string): string => box.encrypt(token, companyId);

/** The stored token in plain text, or null when it does not decrypt (APP_SECRET changed, row tampered). */
export function readToken(box: SecretBox, settings: Pick<ApiSettings, 'companyId' | 'accessToken'>): string | null {
  try {
    return box.decrypt(settings.accessToken, settings.companyId);
  } catch (err) {
    if (err instanceof SecretDecryptError) return null;
    throw err;
  }
}

export const UNREADABLE_TOKEN_MESSAGE = 'The saved access token can no longer be read (the server secret changed). Enter the access token again in Settings.';

/** How long the settings form waits for the store before giving up. */
const CHECK_TIMEOUT_MS = 20_000;

/** Resolves when the store accepts the credentials; otherwise throws the ApiError the form shows. */
export async function verifyStoreCredentials(client: BigCommerceClient): Promise<void> {
  const check = await client.checkCredentials({ signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  if (check.ok) return;
  switch (check.kind) {
    case 'auth': {
      const message = 'The store rejected these credentials: check the access token';
      throw new ApiError(ErrorCode.VALIDATION, message, { fields: { accessToken: message } });
    }
    case 'not_found': {
      const message = 'No store found with this store hash';
      throw new ApiError(ErrorCode.VALIDATION, message, { fields: { storeHash: message } });
    }
    case 'network':
    case 'timeout':
      throw new ApiError(ErrorCode.UPSTREAM, unreachableMessage(check.error));
    case 'aborted':
      throw new ApiError(ErrorCode.UPSTREAM, `Could not reach the store: no answer within ${CHECK_TIMEOUT_MS / 1000} seconds`);
    default:
      throw new ApiError(ErrorCode.UPSTREAM, `The store could not check these credentials: ${check.message}`);
  }
}

/**
 * The client of the company's connected store, for a request the merchant is waiting on;
 * a store that is not connected, or a token that no longer decrypts, is the merchant's to fix
 * in Settings (400), as the sync says it.
 */
export async function connectedStore(
  deps: { db: Database; commerce: CommerceFactory; secrets: SecretBox }, companyId: string,
): Promise<BigCommerceClient> {
  const settings = await deps.db.settings.get(companyId);
  if (!settings) throw new ApiError(ErrorCode.VALIDATION, 'Connect your store in Settings first');
  const accessToken = readToken(deps.secrets, settings);
  if (!accessToken) throw new ApiError(ErrorCode.VALIDATION, UNREADABLE_TOKEN_MESSAGE, { fields: { accessToken: UNREADABLE_TOKEN_MESSAGE } });
  return deps.commerce({ storeHash: settings.storeHash, accessToken, priority: 'foreground' });
}
