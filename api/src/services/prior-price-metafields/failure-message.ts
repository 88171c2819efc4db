/**
 * Why a publication run failed, in the merchant's words (issue 36 item 3): what the store did and
 * what to do about it, stored as the publication's `lastError` and shown in Settings. A missing
 * scope (403) or a token the store no longer takes (401) says how to reconnect; the store's
 * passing failures (5xx, 429, the network) say only what happened, as the publisher tries again
 * by itself. Nothing of a request is repeated but the store's own words for a refusal, and those
 * without a link, a credential or anything that looks like a token.
 */
import type { BigCommerceErrorKind } from '@catalog/commerce';
import { REQUIRED_SCOPES } from '@catalog/contracts/bigcommerce-app';

/** What a run met, as publish-run.ts reads it from a refused write or a thrown BigCommerceError. */
export interface RunFailure {
  /** The store's HTTP status, or null when no answer came (or the store gave none for the item). */
  status: number | null;
  /** The client's reading of it, when the failure was a thrown error. */
  kind?: BigCommerceErrorKind;
  /** The client's description (for the log; only its sanitized title may reach the merchant). */
  detail: string;
  /** How many writes it refused (1 for a failure of the whole run). */
  count?: number;
}

/** The catalog scope the metafield writes need: "Products: modify" in BigCommerce's words. */
const PRODUCTS_SCOPE = REQUIRED_SCOPES[0];

export const MISSING_SCOPE_MESSAGE =
  `The store refused the metafield write (403): reconnect the store to grant the app the Products modify scope (${PRODUCTS_SCOPE}). ` +
  'Reinstall the app from BigCommerce, or give your API account Products: modify and save its new access token in Settings.';
export const TOKEN_REFUSED_MESSAGE =
  'The store no longer accepts the app\u2019s access token (401): reconnect the store (reinstall the app, or save a new access token in Settings).';
export const STORE_NOT_FOUND_MESSAGE = 'The store was not found (404): check the store hash in Settings, or reconnect the store.';
export const UNREACHABLE_MESSAGE = 'The store could not be reached. The app tries again by itself.';
export const TIMEOUT_MESSAGE = 'The store did not answer in time. The app tries again by itself.';
export const RATE_LIMITED_MESSAGE = 'The store kept limiting the app\u2019s requests (429), even after waiting. The app tries again by itself.';

const serverMessage = (status: number | null) =>
  `The store kept answering with a server error${status ? ` (${status})` : ''} after several tries. The app tries again by itself; if it goes on, BigCommerce's status page may say why.`;

/** Variants the store refused to create, saying it had their metafield, that its list did not hold. */
export const conflictsMessage = (count: number) =>
  `The store refused ${count} ${count === 1 ? 'metafield' : 'metafields'} as already there, yet did not list ${count === 1 ? 'it' : 'them'}. The app reads the store again at its next try.`;

/** Longest store wording kept in a message. */
const MAX_STORE_WORDS = 200;

/**
 * `text` without what must not be shown or stored: links (they may carry a store's address or
 * credentials), a credential's name with its value, long runs of letters and digits (a token),
 * and the client's "(METHOD /path)" suffix; on one line, at most MAX_STORE_WORDS characters.
 */
export function withoutSecrets(text: string): string {
  const clean = text
    .replace(/\s*\((?:GET|POST|PUT|PATCH|DELETE) [^)]*\)/g, '')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '(a link)')
    .replace(/\b(access[_ -]?token|x-auth-token|token|secret|password|authorization|client[_ -]?secret)(\s*[:=]\s*|\s+)(?:bearer\s+)?[^\s,;]+/gi, '$1 (hidden)')
    .replace(/\b(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{20,}\b/gi, '(hidden)')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > MAX_STORE_WORDS ? `${clean.slice(0, MAX_STORE_WORDS - 1)}\u2026` : clean;
}

/** The merchant's message for a run's failure. */
export function publicationFailureMessage(failure: RunFailure): string {
  const { status, kind } = failure;
  if (status === 403) return MISSING_SCOPE_MESSAGE;
  if (status === 401 || kind === 'auth') return TOKEN_REFUSED_MESSAGE;
  if (status === 429 || kind === 'rate_limited') return RATE_LIMITED_MESSAGE;
  if ((status !== null && status >= 500) || kind === 'server') return serverMessage(status);
  if (kind === 'network') return UNREACHABLE_MESSAGE;
  if (kind === 'timeout') return TIMEOUT_MESSAGE;
  if (status === 404 && kind === 'not_found') return STORE_NOT_FOUND_MESSAGE;
  const count = failure.count ?? 1;
  const words = withoutSecrets(failure.detail);
  const refused = `The store refused ${count === 1 ? 'a metafield write' : `${count} metafield writes`}${status ? ` (${status})` : ''}`;
  return words ? `${refused}: ${words}` : `${refused}.`;
}
