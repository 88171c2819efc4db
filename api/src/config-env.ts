/**
 * The environment variables config.ts reads, as a zod schema: each one's type, bounds, default
 * and message. loadConfig checks what cannot be said per variable (production's requirements,
 * Stripe's all-or-none, the webhook origin) and builds the Config.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MIN_APP_SECRET_LENGTH } from './lib/secrets';
import { RATE_LIMITS, type RateLimitName } from './middleware/rate-limit';
import { DEFAULT_LEASE_MS } from './services/work-orders/executor';
import { DEFAULT_ORDERS_AT_ONCE } from './services/work-orders/scheduler';
import { DEFAULT_REFRESHES_AT_ONCE } from './services/store-webhooks/refresh-worker';

/** api/ (one level above both src/ and the bundled dist/). */
export const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/** An optional string where an empty value counts as unset (as `KEY=` in a .env file does). */
const optionalText = () => z.string().trim().optional().transform((v) => (v ? v : undefined));

/** A limit's requests per window (middleware/rate-limit.ts); 0 turns it off, empty is the default. */
const rateLimit = (name: RateLimitName) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int('must be a whole number').min(0, 'must be 0 (off) or more').max(1_000_000).default(RATE_LIMITS[name].default),
  );

/** A whole number within [min, max]; empty counts as unset (the default). */
const wholeNumber = (min: number, max: number, fallback: number, minMessage: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int('must be a whole number').min(min, minMessage).max(max, `must be at most ${max}`).default(fallback),
  );

/** A URL without credentials, query or fragment (one that is not a URL at all: its format check says so). */
function bareOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return true;
  }
}

/** TRUST_PROXY: false (default), true (one proxy) or the number of proxies in front that append to X-Forwarded-For. */
const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(|true|false|\d{1,2})$/, 'must be false, true, or the number of proxies in front of the API (e.g. 1)')
  .transform((v) => (v === 'true' ? 1 : v === 'false' || v === '' ? 0 : Number(v)))
  .pipe(z.number().max(10, 'must be at most 10 proxies'))
  .default(0);

export const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  /** Unset: 0.0.0.0, or 127.0.0.1 in local mode (FIREBASE_AUTH_EMULATOR_HOST set). */
  HOST: optionalText(),
  DATA_DIR: z.string().min(1).default(path.resolve(apiRoot, '..', 'data')),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_POOL_MAX: wholeNumber(2, 1000, 10, 'must be at least 2'),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(0, 86_400_000, 30_000, 'must be 0 (off) or more'),
  WEB_DIST_DIR: z.string().min(1).default(path.resolve(apiRoot, '..', 'web', 'dist')),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  FEEDBACK_FORM_ORIGIN: z.string().optional(),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-catalog'),
  FIREBASE_JWKS_URL: z.url().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'must be host:port')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BIGCOMMERCE_API_URL: z.url().default('https://api.bigcommerce.com'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://app.example.com' })
    .refine(bareOrigin, 'must be an origin (and path) without credentials, query or fragment, e.g. https://app.example.com')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STORE_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://app.example.com' }).optional().or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_FROM: z.string().min(1).default('Catalog Pilot <no-reply@localhost>'),
  APP_SECRET: z
    .string()
    .min(MIN_APP_SECRET_LENGTH, `must be at least ${MIN_APP_SECRET_LENGTH} characters (e.g. openssl rand -base64 48)`)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_SECRET_KEY: optionalText(),
  STRIPE_WEBHOOK_SECRET: optionalText(),
  STRIPE_PRICE_STARTER: optionalText(),
  STRIPE_PRICE_PREMIUM: optionalText(),
  RATE_LIMIT_USER_PER_MINUTE: rateLimit('user'),
  RATE_LIMIT_SYNC_PER_MINUTE: rateLimit('sync'),
  RATE_LIMIT_WORK_ORDERS_PER_MINUTE: rateLimit('workOrders'),
  RATE_LIMIT_INVITATIONS_PER_HOUR: rateLimit('invitations'),
  RATE_LIMIT_PUBLIC_PER_MINUTE: rateLimit('publicAddress'),
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: rateLimit('webhooks'),
  RATE_LIMIT_WEBHOOK_REFUSALS_PER_MINUTE: rateLimit('webhookRefusals'),
  TRUST_PROXY: trustProxy,
  WORK_ORDER_LEASE_MS: wholeNumber(1_000, 3_600_000, DEFAULT_LEASE_MS, 'must be at least 1000'),
  WORK_ORDERS_AT_ONCE: wholeNumber(1, 1_000, DEFAULT_ORDERS_AT_ONCE, 'must be at least 1'),
  STORE_REFRESHES_AT_ONCE: wholeNumber(1, 1_000, DEFAULT_REFRESHES_AT_ONCE, 'must be at least 1'),
  /** The app's registration in BigCommerce's developer portal (issue 34): both, or neither (no install from BigCommerce). */
  BIGCOMMERCE_CLIENT_ID: optionalText(),
  BIGCOMMERCE_CLIENT_SECRET: optionalText(),
  BIGCOMMERCE_LOGIN_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://login.bigcommerce.com' })
    .refine(bareOrigin, 'must be an origin without credentials, query or fragment')
    .default('https://login.bigcommerce.com'),
  /** Who may frame the app (CSP frame-ancestors sources), separated by spaces or commas. */
  BIGCOMMERCE_CONTROL_PANEL_ORIGINS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .max(2_000)
      .transform((v) => v.split(/[\s,]+/).filter(Boolean))
      .pipe(z.array(z.string().regex(/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i, 'each must be an origin such as https://*.mybigcommerce.com')).min(1))
      .default(['https://*.mybigcommerce.com']),
  ),
  /** A Firebase service account's key file (JSON): signs the custom tokens of users from BigCommerce in production. */
  FIREBASE_SERVICE_ACCOUNT: optionalText(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:8789' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
