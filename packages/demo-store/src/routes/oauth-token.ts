/**
 * The login service's token exchange, `POST /oauth2/token` (auth.mdx; BigCommerce serves it at
 * https://login.bigcommerce.com/oauth2/token): the app sends client_id, client_secret, code,
 * context (`stores/{hash}`), scope, grant_type `authorization_code` and redirect_uri (its auth
 * callback), as JSON or form-encoded, and gets `{access_token, scope, user, owner, context,
 * account_uuid}`. Refusals use OAuth 2's error body `{error, error_description}` (RFC 6749 5.2):
 * 401 invalid_client for a wrong client id or secret; 400 unsupported_grant_type, invalid_request
 * (a missing field, a body that is neither JSON nor a form) and invalid_grant (an unknown, used
 * or expired code, or a context, scope or redirect_uri that is not the code's). A code is spent by
 * the first exchange that names it with the right client credentials, whatever its outcome.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { storeUser } from '../app-payload';
import { NO_APP_MESSAGE } from '../app-registration';
import type { DemoStoreState } from '../store-state';

const FIELDS = ['client_id', 'client_secret', 'code', 'context', 'scope', 'grant_type', 'redirect_uri'] as const;
type TokenRequest = Partial<Record<(typeof FIELDS)[number], string>>;

/** The request's fields from JSON or a form; undefined when the body is neither. */
async function readTokenRequest(c: Context): Promise<TokenRequest | undefined> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
  const text = await c.req.text();
  let fields: Record<string, unknown>;
  if (type === 'application/x-www-form-urlencoded') fields = Object.fromEntries(new URLSearchParams(text));
  else {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
      fields = parsed as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  const request: TokenRequest = {};
  for (const name of FIELDS) {
    const value = fields[name];
    // BigCommerce's example sends the client id unquoted; a number is read as its text.
    if (typeof value === 'string' || typeof value === 'number') request[name] = String(value);
  }
  return request;
}

const sameText = (a: string | undefined, b: string) => {
  if (a === undefined) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** A scope list as a set: the same names in any order, any whitespace, are the same scopes. */
const scopeKey = (scope: string | readonly string[]) =>
  [...new Set(typeof scope === 'string' ? scope.split(/\s+/).filter((s) => s !== '') : scope)].sort().join(' ');

export function oauthTokenRoutes(state: DemoStoreState) {
  const refuse = (c: Context, status: 400 | 401 | 503, error: string, description: string) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ error, error_description: description }, status);
  };

  return new Hono().post('/oauth2/token', async (c) => {
    const app = state.registeredApp;
    if (!app) return refuse(c, 503, 'temporarily_unavailable', NO_APP_MESSAGE);
    const body = await readTokenRequest(c);
    if (!body) return refuse(c, 400, 'invalid_request', 'Send the fields as JSON (application/json) or as a form (application/x-www-form-urlencoded).');
    if (!sameText(body.client_id, app.clientId) || !sameText(body.client_secret, app.clientSecret)) {
      return refuse(c, 401, 'invalid_client', 'The client_id or client_secret is not valid.');
    }
    if (body.grant_type !== 'authorization_code') {
      return refuse(c, 400, 'unsupported_grant_type', 'grant_type must be "authorization_code".');
    }
    const missing = FIELDS.filter((name) => !body[name]);
    if (missing.length > 0) return refuse(c, 400, 'invalid_request', `Missing ${missing.join(', ')}.`);
    const { code = '', context = '', scope = '', redirect_uri: redirectUri } = body;

    const hash = /^stores\/([^/]+)$/.exec(context)?.[1];
    const account = hash === undefined ? undefined : state.account(hash);
    if (!account || hash === undefined) return refuse(c, 400, 'invalid_grant', `The context "${context}" is not a store of this login service (stores/{hash}).`);
    const grant = account.install.takeCode(code);
    if (!grant.ok) {
      const why = grant.reason === 'expired' ? 'has expired' : 'is not valid for this store, or was already used';
      return refuse(c, 400, 'invalid_grant', `The authorization code ${why}.`);
    }
    if (redirectUri !== app.callbacks.auth) {
      return refuse(c, 400, 'invalid_grant', `redirect_uri must be the app's auth callback, ${app.callbacks.auth}.`);
    }
    if (scopeKey(scope) !== scopeKey(grant.scopes)) {
      return refuse(c, 400, 'invalid_grant', `scope must be the scopes granted with the code: "${grant.scopes.join(' ')}".`);
    }

    const issued = account.install.issueToken(app.clientId, grant.scopes, grant.userId);
    const owner = storeUser(hash, 'owner');
    const user = grant.userId === owner.id ? owner : storeUser(hash, 'staff');
    c.header('Cache-Control', 'no-store');
    return c.json({
      access_token: issued.accessToken,
      scope: grant.scopes.join(' '),
      user: { id: user.id, username: user.username, email: user.email },
      owner: { id: owner.id, username: owner.username, email: owner.email },
      context: `stores/${hash}`,
      account_uuid: app.accountUuid,
    });
  });
}
