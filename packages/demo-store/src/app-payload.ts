/**
 * The control panel's users and the `signed_payload_jwt` BigCommerce sends to an app's load,
 * uninstall and remove_user callbacks (callbacks.mdx): an HS256 JWT signed with the app's client
 * secret, header `{"typ":"JWT","alg":"HS256"}`, claims aud (client id), iss "bc", iat, nbf (= iat),
 * exp (24 h later), jti (a fresh UUID), sub `stores/{hash}`, user {id, email, locale}, owner
 * {id, email}, url "/" and channel_id null. Signed with node:crypto's HMAC, no JWT library.
 */
import { createHmac, randomUUID } from 'node:crypto';

export type StoreUserRole = 'owner' | 'staff';

/** One user of a store's control panel, as the token exchange's `user`/`owner` show it. */
export interface StoreUser {
  id: number;
  username: string;
  email: string;
  role: StoreUserRole;
  /** What the control panel calls them. */
  name: string;
}

/** The two users of every store: its owner and one staff user (an authorized user). */
export const STORE_USER_IDS: Readonly<Record<StoreUserRole, number>> = { owner: 1001, staff: 1002 };

/** `owner@{hash}.demo-store.test`, the hash made a valid domain label (lowercase; `_` becomes `-`). */
export function storeUserEmail(role: StoreUserRole, hash: string): string {
  const label = hash.toLowerCase().replace(/[^a-z0-9-]/g, '-').replace(/^-+|-+$/g, '') || 'store';
  return `${role}@${label}.demo-store.test`;
}

/** A store's user of this role (the username is the email, as BigCommerce's are). */
export function storeUser(hash: string, role: StoreUserRole): StoreUser {
  const email = storeUserEmail(role, hash);
  return { id: STORE_USER_IDS[role], username: email, email, role, name: role === 'owner' ? 'Store owner' : 'Staff user' };
}

/** The claims of a signed_payload_jwt, as callbacks.mdx lists them. */
export interface AppPayloadClaims {
  aud: string;
  iss: string;
  iat: number;
  nbf: number;
  exp: number;
  jti: string;
  sub: string;
  user: { id: number; email: string; locale: string };
  owner: { id: number; email: string };
  url: string;
  channel_id: number | null;
}

/** 24 hours: `exp` is this long after `nbf`. */
const PAYLOAD_LIFETIME_S = 24 * 60 * 60;

/** The claims for a callback about `user` of store `hash`, issued at `nowMs`. */
export function appPayloadClaims(options: { clientId: string; hash: string; user: StoreUser; nowMs: number }): AppPayloadClaims {
  const iat = Math.floor(options.nowMs / 1000);
  const owner = storeUser(options.hash, 'owner');
  return {
    aud: options.clientId,
    iss: 'bc',
    iat,
    nbf: iat,
    exp: iat + PAYLOAD_LIFETIME_S,
    jti: randomUUID(),
    sub: `stores/${options.hash}`,
    user: { id: options.user.id, email: options.user.email, locale: 'en-US' },
    owner: { id: owner.id, email: owner.email },
    url: '/',
    channel_id: null,
  };
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/**
 * `header.claims.signature`, base64url each, signed HS256 with `secret`. Any claims object may be
 * signed (tests craft expired, foreign or tampered payloads with it).
 */
export function signAppPayload(secret: string, claims: object): string {
  const signingInput = `${base64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }))}.${base64url(JSON.stringify(claims))}`;
  const signature = createHmac('sha256', secret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}
