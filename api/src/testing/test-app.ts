/**
 * Builds the real app for in-process API tests: a fresh database of the test project's engine
 * (testing/db-targets.ts: SQLite in memory, or a throwaway PostgreSQL schema in the api-pg
 * project; migrated, and removed by `close`) unless the test gives one, a silent logger, a random APP_SECRET, a commerce factory (pointed
 * at a demo store the test started) and, optionally, a built web app directory.
 */
import { createApp, type AppDeps } from '../app';
import type { Billing } from '../services/billing/billing';
import type { Database } from '../db/repositories';
import { createTokenVerifier, type TokenVerifier } from '../auth/verify-token';
import { openDatabase } from '../db/index';
import { openTestDatabaseAt, testDatabase } from './db-targets';
import { createLogger, type Logger } from '../lib/logger';
import { createSecretBox, generateAppSecret } from '../lib/secrets';
import { commerceFactory, type CommerceFactory } from '../services/store-connection';
import { SyncRegistry } from '../services/sync/sync-registry';
import type { AppRegistration } from '../services/bigcommerce-app/app-deps';
import { customTokenMinter } from '../services/bigcommerce-app/custom-token';

export const TEST_PROJECT = 'demo-catalog';
/** The app's PUBLIC_URL in tests unless one is given: the local default (config.ts). */
export const TEST_PUBLIC_URL = 'http://localhost:8787';

/** An unsigned token as the Auth emulator issues them (accepted only in emulator mode). */
export function emulatorToken(claims: { sub: string; email?: string; email_verified?: boolean; name?: string; picture?: string; exp?: number }) {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: `https://securetoken.google.com/${TEST_PROJECT}`, aud: TEST_PROJECT, iat: now, exp: now + 3600, ...claims };
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

/**
 * A signed-in user for API tests: a unique identity and the headers that carry its token. The
 * token says the email is verified unless `{ emailVerified: false }`; `verified()` gives the same
 * identity's next token after verifying (email_verified true, as Firebase issues it then).
 */
export function testUser(name = 'Ada Lovelace', options: { emailVerified?: boolean } = {}) {
  const sub = `uid-${crypto.randomUUID()}`;
  const email = `${sub}@example.com`;
  const signedIn = (emailVerified: boolean) => {
    const token = emulatorToken({ sub, email, name, email_verified: emailVerified });
    return { token, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  };
  return { sub, email, ...signedIn(options.emailVerified ?? true), verified: () => signedIn(true) };
}

/**
 * A commerce factory for a store at `baseUrl` (a demo store's `url`), with quick retries for
 * tests; `fetch` stands in for the network (e.g. to hold a request until the test lets it go).
 */
export function commerceAt(baseUrl: string, options: { fetch?: typeof fetch } = {}): CommerceFactory {
  return commerceFactory(baseUrl, { retryBaseMs: 20, retryMaxMs: 100, fetch: options.fetch });
}

/** The app as registered with BigCommerce in tests: the demo store's app (DEMO_STORE_APP_* in its tests) uses the same. */
export const TEST_BIGCOMMERCE_APP = { clientId: 'test-app-client', clientSecret: 'test-app-secret-0123456789abcdef', loginUrl: 'http://127.0.0.1:9' };

export async function testApp(
  overrides: {
    webDistDir?: string;
    maxBodyBytes?: number;
    verifyToken?: TokenVerifier;
    /** A database the test made (testDatabase({ file: true })) and removes itself, e.g. to open it twice. */
    databaseUrl?: string;
    /** Default: a store nobody listens at (127.0.0.1:9), so any call fails as unreachable. */
    commerce?: CommerceFactory;
    appSecret?: string;
    /**
     * Email (a mailer pointed at a local SMTP server) and `publicUrl`, the origin of the links
     * (config.publicUrl, PUBLIC_URL). Default: no email, links on http://localhost:8787.
     */
    invitations?: AppDeps['invitations'] & { publicUrl?: string };
    /** The clock of teams and invitations (to expire an invitation). */
    now?: () => Date;
    /** Plans and Stripe, built on the test's database (testing/billing-fixture.ts). */
    billing?: (db: Database) => Billing;
    /** Rate limits (small ones keep a test fast). Default: none, so suites may send many requests. */
    rateLimits?: AppDeps['rateLimits'];
    /** TRUST_PROXY: proxies whose X-Forwarded-For gives the client's address. Default 0. */
    trustProxy?: number;
    /** Where the app logs (a test reads the lines). Default: silent. */
    logger?: Logger;
    /** Where the store's webhooks deliver (config.storeWebhookUrl); default none: no webhooks are registered. */
    storeWebhookUrl?: string;
    /**
     * The app's registration in BigCommerce (issue 34). Default: TEST_BIGCOMMERCE_APP, whose
     * login service nobody listens at; custom tokens are the Auth emulator's.
     */
    bigcommerceApp?: Partial<AppRegistration>;
  } = {},
) {
  const own = overrides.databaseUrl === undefined ? await testDatabase() : undefined;
  const db = own ? await openTestDatabaseAt(own) : await openDatabase(overrides.databaseUrl!);
  const syncs = new SyncRegistry(db);
  const secrets = createSecretBox(overrides.appSecret ?? generateAppSecret());
  const deps: AppDeps = {
    config: {
      webDistDir: overrides.webDistDir ?? '/nonexistent-web-dist',
      maxBodyBytes: overrides.maxBodyBytes ?? 1024 * 1024,
      frameOrigins: [],
      nodeEnv: 'test',
      firebase: { projectId: TEST_PROJECT, jwksUrl: undefined, emulatorHost: '127.0.0.1:9099' },
      trustProxy: overrides.trustProxy ?? 0,
      storeWebhookUrl: overrides.storeWebhookUrl,
      publicUrl: overrides.invitations?.publicUrl ?? TEST_PUBLIC_URL,
      controlPanelOrigins: ['https://*.mybigcommerce.com'],
    },
    db,
    logger: overrides.logger ?? createLogger('silent'),
    verifyToken:
      overrides.verifyToken ?? createTokenVerifier({ projectId: TEST_PROJECT, jwksUrl: 'http://127.0.0.1:9/unused', emulator: true }),
    commerce: overrides.commerce ?? commerceAt('http://127.0.0.1:9'),
    secrets,
    syncs,
    invitations: overrides.invitations && { mailer: overrides.invitations.mailer },
    now: overrides.now,
    billing: overrides.billing?.(db),
    rateLimits: overrides.rateLimits,
    bigcommerceApp: {
      registration: { ...TEST_BIGCOMMERCE_APP, redirectUri: `${overrides.invitations?.publicUrl ?? TEST_PUBLIC_URL}/bigcommerce/auth`, ...overrides.bigcommerceApp },
      mintCustomToken: customTokenMinter({ emulator: true }),
    },
  };
  const app = createApp(deps);
  const close = async () => {
    syncs.cancelAll('the test is over');
    await db.close();
    await own?.drop();
  };
  return { app, db, syncs, secrets, commerce: deps.commerce, close };
}
