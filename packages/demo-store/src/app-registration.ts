/**
 * The one app registered with the demo store, as an app profile in BigCommerce's Developer
 * Portal holds it: its client id and secret, its origin (the callbacks are
 * `{appUrl}/bigcommerce/auth`, `/load`, `/uninstall` and `/remove_user`) and the OAuth scopes it
 * asks for. `createDemoStore({ app })` and the DEMO_STORE_APP_* variables both go through
 * `checkAppRegistration`, so a half-set or malformed registration is refused with a message.
 */
import { createHash } from 'node:crypto';

/** What a caller registers; `scopes` defaults to DEFAULT_APP_SCOPES. */
export interface AppRegistration {
  clientId: string;
  clientSecret: string;
  /** The app's origin, e.g. `http://127.0.0.1:8787` (a path prefix is kept; a trailing `/` is not). */
  appUrl: string;
  /** The OAuth scopes the app asks for, all granted at once on the consent page. */
  scopes?: readonly string[];
}

/** A checked registration, with what the store derives from it. */
export interface RegisteredApp {
  clientId: string;
  clientSecret: string;
  appUrl: string;
  /** The app's origin: the control panel's `frame-src`. */
  appOrigin: string;
  scopes: readonly string[];
  /** The Developer Portal account that registered the app (stable per client id). */
  accountUuid: string;
  callbacks: { auth: string; load: string; uninstall: string; removeUser: string };
}

/** The scopes the app asks for unless told otherwise. */
export const DEFAULT_APP_SCOPES: readonly string[] = [
  'store_v2_products',
  'store_v2_customers_read_only',
  'store_channel_settings_read_only',
  'store_v2_information_read_only',
];

/** What the install endpoints answer when no app is registered. */
export const NO_APP_MESSAGE =
  'No app is registered with this demo store. Set DEMO_STORE_APP_CLIENT_ID, DEMO_STORE_APP_CLIENT_SECRET and DEMO_STORE_APP_URL ' +
  '(or pass `app` to createDemoStore) and start it again.';

const SCOPE_PATTERN = /^[a-z0-9_]+$/;

/** A UUID-shaped id from a hash of the client id, so it is the same on every start. */
function accountUuidOf(clientId: string): string {
  const hex = createHash('sha1').update(`demo-store-account:${clientId}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function readAppUrl(raw: string, errors: Record<string, string>): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    errors.appUrl = 'must be an absolute http(s) URL, e.g. http://127.0.0.1:8787';
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') errors.appUrl = 'must be an http or https URL';
  else if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    errors.appUrl = 'must not carry a query, a fragment or credentials';
  } else return url;
  return undefined;
}

/** The registration checked and completed, or the problem of each field. */
export function checkAppRegistration(input: AppRegistration): { app: RegisteredApp } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (typeof input.clientId !== 'string' || !/^\S+$/.test(input.clientId)) errors.clientId = 'must be a non-empty string without spaces';
  if (typeof input.clientSecret !== 'string' || input.clientSecret === '') errors.clientSecret = 'must be a non-empty string';
  const url = typeof input.appUrl === 'string' ? readAppUrl(input.appUrl, errors) : undefined;
  if (typeof input.appUrl !== 'string') errors.appUrl = 'must be an absolute http(s) URL';
  const scopes = input.scopes ?? DEFAULT_APP_SCOPES;
  if (scopes.length === 0 || !scopes.every((s) => SCOPE_PATTERN.test(s))) errors.scopes = 'must be one or more scope names (lowercase letters, digits, _)';
  if (Object.keys(errors).length > 0 || !url) return { errors };
  const appUrl = url.href.replace(/\/+$/, '');
  return {
    app: {
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      appUrl,
      appOrigin: url.origin,
      scopes: [...scopes],
      accountUuid: accountUuidOf(input.clientId),
      callbacks: {
        auth: `${appUrl}/bigcommerce/auth`,
        load: `${appUrl}/bigcommerce/load`,
        uninstall: `${appUrl}/bigcommerce/uninstall`,
        removeUser: `${appUrl}/bigcommerce/remove_user`,
      },
    },
  };
}

/**
 * The registration of DEMO_STORE_APP_CLIENT_ID, _CLIENT_SECRET and _URL (all three, or none:
 * undefined), with DEMO_STORE_APP_SCOPES (space- or comma-separated) over the default scopes.
 */
export function readAppEnv(env: Record<string, string | undefined>): { app?: AppRegistration; errors: string[] } {
  const names = ['DEMO_STORE_APP_CLIENT_ID', 'DEMO_STORE_APP_CLIENT_SECRET', 'DEMO_STORE_APP_URL'] as const;
  const [clientId, clientSecret, appUrl] = names.map((name) => env[name]?.trim() || undefined);
  const rawScopes = env.DEMO_STORE_APP_SCOPES?.trim();
  if (!clientId && !clientSecret && !appUrl) {
    return { errors: rawScopes ? ['DEMO_STORE_APP_SCOPES is set but no app is (set DEMO_STORE_APP_CLIENT_ID, _CLIENT_SECRET and _URL)'] : [] };
  }
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) return { errors: [`${missing.join(', ')} must be set too: an app is registered with all three of ${names.join(', ')}`] };
  const scopes = rawScopes ? rawScopes.split(/[\s,]+/).filter((s) => s !== '') : undefined;
  const app: AppRegistration = { clientId: clientId ?? '', clientSecret: clientSecret ?? '', appUrl: appUrl ?? '', scopes };
  const checked = checkAppRegistration(app);
  if ('errors' in checked) {
    const envName: Record<string, string> = { clientId: names[0], clientSecret: names[1], appUrl: names[2], scopes: 'DEMO_STORE_APP_SCOPES' };
    return { errors: Object.entries(checked.errors).map(([field, problem]) => `${envName[field] ?? field} ${problem}`) };
  }
  return { app, errors: [] };
}
