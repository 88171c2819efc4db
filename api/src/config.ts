/**
 * Process configuration: read once from the environment, validated with zod, then passed to
 * everything that needs it. Nothing else reads process.env. The variables, their bounds and
 * defaults are the schema in config-env.ts; this file checks what spans several of them and
 * builds the Config.
 */
import path from 'node:path';
import type { z } from 'zod';
import { bigcommerceAppConfig, type BigCommerceAppConfig } from './config-bigcommerce';
import { apiRoot, Env } from './config-env';
import { readOrCreateSecretFile } from './lib/secrets';
import type { RateLimitName } from './middleware/rate-limit';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /**
   * The interface to listen on: HOST, else 127.0.0.1 in local mode (the emulator's unsigned
   * tokens are accepted, so nobody else on the network may reach it), else 0.0.0.0.
   */
  host: string;
  dataDir: string;
  /** `postgres://...` for PostgreSQL, otherwise a SQLite file path or `:memory:`. */
  databaseUrl: string;
  /** PostgreSQL only: connections in the pool (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  /** PostgreSQL only: statements running longer are cancelled (DATABASE_STATEMENT_TIMEOUT_MS); 0: no limit. */
  databaseStatementTimeoutMs: number;
  webDistDir: string;
  migrationsDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  maxBodyBytes: number;
  /** Origins the CSP allows in frames (the embedded feedback form). */
  frameOrigins: string[];
  firebase: {
    projectId: string;
    /** Where the public keys of ID tokens are; Google's securetoken JWKS unless set. */
    jwksUrl: string | undefined;
    /** host:port of the Auth emulator; its unsigned tokens are accepted only when this is set. */
    emulatorHost: string | undefined;
  };
  /** API host of BigCommerce (without /stores/...); the demo store's URL in local runs. */
  bigcommerceApiUrl: string;
  /**
   * Key material for secrets at rest (the store access token). Required in production; in
   * development and tests, when unset, `resolveAppSecret` keeps a generated one in DATA_DIR.
   */
  appSecret: string | undefined;
  /**
   * The origin of every link the app hands out or redirects to: invitation links, the return
   * from Stripe Checkout, the links in work-order emails (PUBLIC_URL, without a trailing slash).
   * Never the request's Host or X-Forwarded-* (a forged Host would put an attacker's origin in an
   * email). Required in production; otherwise this server's own origin, http://localhost:PORT.
   */
  publicUrl: string;
  /**
   * The origin the store's webhooks deliver to (`{origin}/api/webhooks/bigcommerce/{companyId}`):
   * STORE_WEBHOOK_URL, else PUBLIC_URL when it is https; undefined: no webhooks are registered
   * (a Sync is then the only way changes made in the store arrive). http only to this machine
   * (127.0.0.1, localhost, ::1) outside production: the local demo store (`npm start`).
   */
  storeWebhookUrl: string | undefined;
  /** Outgoing email (invitations); unset: nothing is emailed and links are only shown in the app. */
  smtp: { url: string; from: string } | undefined;
  /** Stripe (plans and billing); unset: plan changes are refused with a message. */
  stripe: StripeConfig | undefined;
  /** Requests allowed per window of each limit (RATE_LIMIT_*; 0: off). */
  rateLimits: Record<RateLimitName, number>;
  /** Proxies in front of the API whose X-Forwarded-For is believed (TRUST_PROXY); 0: the socket's address. */
  trustProxy: number;
  /**
   * How long a running work order's lease lasts without renewal (WORK_ORDER_LEASE_MS; renewed
   * every third of it): another process resumes the order of a process that died this long after.
   */
  workOrderLeaseMs: number;
  /** Work orders a process works on at once (WORK_ORDERS_AT_ONCE); one waiting on its store holds no place. */
  workOrdersAtOnce: number;
  /** Companies' store refreshes a process works on at once (STORE_REFRESHES_AT_ONCE), counted the same way. */
  storeRefreshesAtOnce: number;
  /** Installing from BigCommerce (issue 34); undefined: BIGCOMMERCE_CLIENT_ID and _SECRET are not set. */
  bigcommerceApp: BigCommerceAppConfig | undefined;
  /** Origins allowed to frame the app's pages (BIGCOMMERCE_CONTROL_PANEL_ORIGINS): BigCommerce's control panel. */
  controlPanelOrigins: string[];
}

export interface StripeConfig {
  secretKey: string;
  /** Verifies the Stripe-Signature of webhooks (whsec_...). */
  webhookSecret: string;
  /** The monthly price of each paid plan. */
  prices: { starter: string; premium: string };
  /** Where the SDK sends its requests (STRIPE_API_URL); unset: api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new ConfigError(
      'Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production (the emulator accepts unsigned tokens)',
    );
  }
  if (e.NODE_ENV === 'production') {
    const missing = [
      ...(e.APP_SECRET ? [] : ['APP_SECRET: required when NODE_ENV=production (it encrypts the stored store credentials; e.g. openssl rand -base64 48)']),
      ...(e.PUBLIC_URL ? [] : ['PUBLIC_URL: required when NODE_ENV=production (the origin of the links the app emails and redirects to, e.g. https://app.example.com)']),
    ];
    if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.map((line) => `  ${line}`).join('\n')}`);
  }
  const stripe = stripeConfig(e);
  const bigcommerceApp = bigcommerceAppConfig(e);
  if (bigcommerceApp && 'problem' in bigcommerceApp) throw new ConfigError(`Invalid configuration:\n  ${bigcommerceApp.problem}`);
  const storeWebhookUrl = webhookOrigin(e);
  const frameOrigins = ['https://docs.google.com', 'https://forms.gle'];
  if (e.FEEDBACK_FORM_ORIGIN) frameOrigins.push(e.FEEDBACK_FORM_ORIGIN);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.FIREBASE_AUTH_EMULATOR_HOST ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? path.join(path.resolve(e.DATA_DIR), 'app.db'),
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    migrationsDir: path.resolve(apiRoot, 'drizzle'),
    logLevel: e.LOG_LEVEL,
    maxBodyBytes: e.MAX_BODY_BYTES,
    frameOrigins,
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      jwksUrl: e.FIREBASE_JWKS_URL,
      emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    },
    bigcommerceApiUrl: e.BIGCOMMERCE_API_URL.replace(/\/+$/, ''),
    appSecret: e.APP_SECRET,
    // Locally, links point at this server (what `npm start` serves and opens).
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${e.PORT}`,
    storeWebhookUrl,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    stripe,
    rateLimits: {
      user: e.RATE_LIMIT_USER_PER_MINUTE,
      sync: e.RATE_LIMIT_SYNC_PER_MINUTE,
      workOrders: e.RATE_LIMIT_WORK_ORDERS_PER_MINUTE,
      invitations: e.RATE_LIMIT_INVITATIONS_PER_HOUR,
      publicAddress: e.RATE_LIMIT_PUBLIC_PER_MINUTE,
      webhooks: e.RATE_LIMIT_WEBHOOKS_PER_MINUTE,
      webhookRefusals: e.RATE_LIMIT_WEBHOOK_REFUSALS_PER_MINUTE,
    },
    trustProxy: e.TRUST_PROXY,
    workOrderLeaseMs: e.WORK_ORDER_LEASE_MS,
    workOrdersAtOnce: e.WORK_ORDERS_AT_ONCE,
    storeRefreshesAtOnce: e.STORE_REFRESHES_AT_ONCE,
    bigcommerceApp,
    controlPanelOrigins: e.BIGCOMMERCE_CONTROL_PANEL_ORIGINS,
  };
}

/** Hosts that are this machine: the only http destinations a store webhook may have (outside production). */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** STORE_WEBHOOK_URL, else an https PUBLIC_URL; an http one only to this machine, and never in production. */
function webhookOrigin(e: z.infer<typeof Env>): string | undefined {
  const explicit = e.STORE_WEBHOOK_URL;
  const chosen = explicit ?? (e.PUBLIC_URL?.startsWith('https:') ? e.PUBLIC_URL : undefined);
  if (!chosen) return undefined;
  const url = new URL(chosen);
  if (url.protocol === 'http:' && (e.NODE_ENV === 'production' || !LOOPBACK.has(url.hostname))) {
    throw new ConfigError(
      'Invalid configuration:\n  STORE_WEBHOOK_URL: must be an https URL (http only to 127.0.0.1 or localhost, outside production)',
    );
  }
  return url.origin;
}

/** STRIPE_*: all of key, webhook secret and both prices, or none (billing off). */
function stripeConfig(e: z.infer<typeof Env>): StripeConfig | undefined {
  if (!e.STRIPE_SECRET_KEY) return undefined;
  const missing = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_PREMIUM'] as const).filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required when STRIPE_SECRET_KEY is set`).join('\n')}`);
  }
  let api: StripeConfig['api'];
  if (e.STRIPE_API_URL) {
    const url = new URL(e.STRIPE_API_URL);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    api = { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    prices: { starter: e.STRIPE_PRICE_STARTER!, premium: e.STRIPE_PRICE_PREMIUM! },
    api,
  };
}

/** The file a development or test server keeps its generated APP_SECRET in. */
export const appSecretFile = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'app-secret');

/**
 * APP_SECRET, or (outside production) the secret kept in `<DATA_DIR>/app-secret`, generated on
 * the first start. The data directory must exist.
 */
export function resolveAppSecret(config: Pick<Config, 'appSecret' | 'nodeEnv' | 'dataDir'>): { secret: string; source: 'env' | 'file' | 'generated' } {
  if (config.appSecret) return { secret: config.appSecret, source: 'env' };
  if (config.nodeEnv === 'production') throw new ConfigError('Invalid configuration:\n  APP_SECRET: required when NODE_ENV=production');
  const { secret, created } = readOrCreateSecretFile(appSecretFile(config));
  return { secret, source: created ? 'generated' : 'file' };
}
