/**
 * The app as BigCommerce installs it (issue 34, decision 056): the scopes it asks for, who a
 * BigCommerce user is to Firebase Auth, the callbacks' query strings, the one-time sign-in
 * code's body, and the words the install, load and uninstall pages show. The API and the web
 * app both read them here.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * The OAuth scopes the app requests (its registration in BigCommerce's developer portal lists
 * the same): the catalog (which covers price lists), customer groups, channel settings and
 * store information, the last three read-only.
 */
export const REQUIRED_SCOPES = [
  'store_v2_products',
  'store_v2_customers_read_only',
  'store_channel_settings_read_only',
  'store_v2_information_read_only',
] as const;

/** The scopes BigCommerce granted that the app needs but did not get (empty: all granted). */
export function missingScopes(granted: string): string[] {
  const have = new Set(granted.split(/\s+/).filter(Boolean));
  // A broader grant covers its read-only form (store_v2_customers covers store_v2_customers_read_only).
  return REQUIRED_SCOPES.filter((scope) => !have.has(scope) && !have.has(scope.replace(/_read_only$/, '')));
}

/** A store hash as BigCommerce writes it in `stores/{hash}`: letters and digits. */
const STORE_HASH = /^[a-z0-9]{1,64}$/i;

/** `stores/{hash}` (a callback's `context`, a payload's `sub`) -> the hash, or null. */
export function storeHashOf(context: string): string | null {
  const match = /^stores\/([^/]+)$/.exec(context);
  return match && STORE_HASH.test(match[1]!) ? match[1]! : null;
}

/**
 * The Firebase Auth uid of a store's BigCommerce user: one per store and user, so the same
 * person on two stores is two sign-ins (each store's company is its own). Never an email.
 */
export const bigCommerceUid = (storeHash: string, bcUserId: number): string => `bc:${storeHash.toLowerCase()}:${bcUserId}`;

/** Whether a Firebase uid is a BigCommerce user's (signed in from the control panel). */
export const isBigCommerceUid = (uid: string): boolean => /^bc:[a-z0-9]{1,64}:\d{1,15}$/.test(uid);

const bounded = (max: number) => z.string().min(1).max(max);

/** GET /bigcommerce/auth: what BigCommerce sends the merchant's browser back with. */
export const AuthCallbackQuery = lazySchema(() =>
  z.object({
    code: bounded(256),
    scope: z.string().max(2_000),
    context: bounded(80),
    account_uuid: z.string().max(80).optional(),
  }),
);
export type AuthCallbackQuery = z.infer<typeof AuthCallbackQuery>;

/** GET /bigcommerce/load, /uninstall, /remove_user. */
export const SignedPayloadQuery = lazySchema(() => z.object({ signed_payload_jwt: bounded(8_192) }));

/** A one-time sign-in code: 32 random bytes, base64url. */
const SignInCode = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This sign-in link is not valid' }));

/** POST /api/bigcommerce/sign-in: the code from a load (or "Open in its own window") for a custom token. */
export const SignInWithCodeBody = lazySchema(() => z.object({ code: SignInCode }));
export type SignInWithCodeBody = z.infer<typeof SignInWithCodeBody>;

/** The answer: a Firebase custom token to sign in with. */
export const SignInWithCodeResponse = lazySchema(() => z.object({ customToken: z.string() }));
export type SignInWithCodeResponse = z.infer<typeof SignInWithCodeResponse>;

/** POST /api/bigcommerce/window-code: the page that signs the same user in, in a window of its own. */
export const WindowCodeResponse = lazySchema(() => z.object({ path: z.string() }));
export type WindowCodeResponse = z.infer<typeof WindowCodeResponse>;

/** POST /api/bigcommerce/adopt: the owner of a company brings a store's installation into it (decision 056). */
export const AdoptInstallationBody = lazySchema(() => z.object({ code: z.string().regex(/^[A-Za-z0-9_.:-]{40,4000}$/, { error: 'This adoption link is not valid' }) }));
export type AdoptInstallationBody = z.infer<typeof AdoptInstallationBody>;

export const AdoptInstallationResponse = lazySchema(() => z.object({ storeHash: z.string() }));
export type AdoptInstallationResponse = z.infer<typeof AdoptInstallationResponse>;

/** The web app's page that adopts an installation with the code in its fragment. */
export const ADOPT_INSTALLATION_PATH = '/adopt-installation';

/** How long the install page's adoption link works. */
export const ADOPTION_CODE_TTL_MS = 30 * 60_000;

/** How long a sign-in code works: long enough to open a window, too short to be worth stealing. */
export const SIGN_IN_CODE_TTL_MS = 2 * 60_000;

/** The web app's page that takes a code from its fragment (never sent to a server or a log). */
export const SIGN_IN_WITH_CODE_PATH = '/sign-in/code';

/** The company's data is kept this long after an uninstall; installing again within it brings it back. */
export const UNINSTALLED_DATA_KEPT_DAYS = 30;

/** The reason a scheduled or pending order stops with when the app is uninstalled. */
export const UNINSTALLED_REASON = 'The app was uninstalled from the store';

/** The words of the pages the callbacks answer with (shown inside the control panel). */
export const APP_PAGE_MESSAGES = {
  invalidLink: 'This link is not valid. Open the app again from your BigCommerce control panel.',
  notInstalled: 'The app is not installed on this store. Install it from your BigCommerce control panel.',
  notConfigured: 'This server is not set up to be installed from BigCommerce (BIGCOMMERCE_CLIENT_ID and BIGCOMMERCE_CLIENT_SECRET are not set).',
  missingCode: 'BigCommerce did not send an authorization code. Start the install again from your control panel.',
  exchangeFailed: 'BigCommerce did not accept the authorization code (it may have been used already or expired). Start the install again from your control panel.',
  missingScopes: (scopes: string[]) => `The app needs these permissions to work: ${scopes.join(', ')}. Install it again and approve all of them.`,
  emailTaken: (email: string) =>
    `${email} already signs in to Catalog Pilot. If that account owns the company that uses this store, sign in to it to adopt this installation: its store connection becomes this installation's, and you open the app from BigCommerce from then on.`,
  adopt: 'Sign in to adopt this installation',
  adoptionInvalid: 'This adoption link is not valid any more: install the app again from your BigCommerce control panel.',
  adoptionOtherStore: (storeHash: string) => `Your company is connected to another store (${storeHash}). Disconnect it in Settings first, or adopt with the owner of the company that uses this store.`,
  adoptionTaken: 'This store\u2019s installation belongs to another company already.',
  memberElsewhere: (email: string) => `${email} already belongs to another company in Catalog Pilot, so it cannot join this store's team.`,
  removed: 'Your access to this app was removed by the store owner.',
} as const;
