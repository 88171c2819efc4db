/**
 * POST /api/webhooks/bigcommerce/{companyId}: the store's webhook deliveries (decision 036),
 * unauthenticated (no user): every delivery must carry the company's secret in the header its
 * hooks were registered with, compared in constant time; without it, 401 in the error shape.
 * A delivery is answered at once: it is only recorded in the database (deduplicated by a hash
 * of its body, the product it names queued once however often it comes) and the worker of any
 * API process re-reads the products later, in batches. A category event makes the company's
 * cached categories stale (the next refresh reads them) and the next Sync a full pass; a price list
 * event queues its records or the lists for the worker too (services/store-webhooks/price-list-refresh.ts). A delivery
 * of another store, or about nothing we follow, is acknowledged and dropped.
 *
 * Limits (issue 31; middleware/rate-limit.ts, RATE_LIMIT_WEBHOOK*): deliveries with the secret
 * count per company, refused ones per client address, and an address over its refusals is
 * refused before anything is read: 429 RATE_LIMITED with Retry-After, which BigCommerce retries.
 * What a company's deliveries store is bounded (db/store-refresh-bounds.ts): a delivery that
 * would queue one product more than the queue holds is refused the same way, nothing recorded.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UuidParam } from '@catalog/contracts/common';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { isPriceListEvent } from '@catalog/contracts/price-list-webhooks';
import { isAppEvent, isCategoryEvent, MAX_STORE_WEBHOOK_BYTES, webhookProductId } from '@catalog/contracts/store-webhooks';
import type { ApiSettings, Database } from '../../db/repositories';
import { StoreRefreshQueueFullError } from '../../db/store-refresh-bounds';
import { errorJson } from '../../lib/http';
import type { SecretBox } from '../../lib/secrets';
import type { RateLimiting } from '../../middleware/rate-limit';
import type { AppEnv } from '../../middleware/request-log';
import { forgetInstallation } from '../../services/bigcommerce-app/callbacks';
import type { CommerceFactory } from '../../services/store-connection';
import { queuePriceListEvent } from '../../services/store-webhooks/price-list-refresh';
import { notifyStoreRefreshDue } from '../../services/store-webhooks/refresh-wakeups';
import { readWebhookSecret, WEBHOOK_SECRET_HEADER } from '../../services/store-webhooks/webhook-registration';
import { defineRoutes } from '../define-routes';

interface StoreWebhookDeps {
  db: Database;
  secrets: SecretBox;
  /** The store's client, to remove our webhooks when the app is uninstalled (best effort). */
  commerce: CommerceFactory;
  now: () => Date;
  /** The receiver's rate limits (app.ts: RATE_LIMIT_WEBHOOK*). */
  limits: RateLimiting['webhook'];
}

const REFUSED = 'This webhook delivery does not carry the secret it was registered with';
/** The queue is full: the store delivers again later, by when the worker has read some of it. */
const QUEUE_FULL = 'Too many changes are waiting to be read from this store. Deliver again later.';
const QUEUE_FULL_RETRY_MS = 60_000;

/** Constant-time comparison of two strings of any length (their SHA-256 digests are compared). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function storeWebhookRoutes({ db, secrets, commerce, now, limits }: StoreWebhookDeps) {
  const limit = bodyLimit({
    maxSize: MAX_STORE_WEBHOOK_BYTES,
    onError: (c) => errorJson(c, new ApiError(ErrorCode.PAYLOAD_TOO_LARGE, `A webhook delivery is at most ${MAX_STORE_WEBHOOK_BYTES} bytes`)),
  });
  /** The company's settings for each delivery the secret let through. */
  const verified = new WeakMap<Context, ApiSettings>();
  /** A delivery must carry the company's secret: checked before its body is read or validated. */
  const checkSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
    // An address that kept sending deliveries without the secret: refused before anything is read.
    await limits.checkAddress(c);
    // The row's path check, made here first: a malformed id is refused as a wrong secret is.
    const param = UuidParam.safeParse({ id: c.req.param('id') });
    const given = c.req.header(WEBHOOK_SECRET_HEADER) ?? '';
    // An unknown company is refused exactly like a wrong secret: the answer says nothing about which.
    const settings = param.success ? await db.settings.get(param.data.id) : null;
    const expected = settings ? readWebhookSecret(secrets, settings) : null;
    if (!settings || !expected || !sameSecret(given, expected)) {
      await limits.refused(c);
      throw new ApiError(ErrorCode.UNAUTHENTICATED, REFUSED);
    }
    // Counted once the secret is right, so nobody else can spend the company's allowance.
    await limits.accepted(c, settings.companyId);
    verified.set(c, settings);
    await next();
  };

  return defineRoutes({
    'POST /api/webhooks/bigcommerce/:id': {
      use: [limit, checkSecret],
      handler: async (c, { body: payload }) => {
        const settings = verified.get(c)!;
        // The body's exact text (read once by the validation) names the delivery.
        const text = await c.req.text();
        if (payload.producer !== `stores/${settings.storeHash}`) return c.body(null, 200);
        if (isAppEvent(payload)) {
          // The app was uninstalled from the store (also told by GET /bigcommerce/uninstall; doing it twice is harmless).
          const installation = await db.bigcommerceApp.installationOfCompany(settings.companyId);
          if (installation && installation.storeHash === settings.storeHash) await forgetInstallation({ db, secrets, commerce, now }, installation, c.get('log'));
          return c.body(null, 200);
        }
        const productId = webhookProductId(payload);
        const hash = createHash('sha256').update(text, 'utf8').digest('hex');
        const fresh = await db.storeRefreshes.receive(settings.companyId, { hash, productIds: productId === null ? [] : [productId], at: now() })
          .catch((err: unknown) => {
            if (err instanceof StoreRefreshQueueFullError) throw new ApiError(ErrorCode.RATE_LIMITED, QUEUE_FULL, { retryAfterMs: QUEUE_FULL_RETRY_MS });
            throw err;
          });
        if (fresh && isCategoryEvent(payload)) {
          // The cached categories are stale: the next refresh reads them again (services/sync/store-taxonomy.ts).
          // Products keep their category path on their row: a renamed or moved category reaches the
          // paths of products nobody changed with the next Sync, a full pass.
          await db.storeTaxonomy.categoriesChanged(settings.companyId, settings.storeHash);
          await db.settings.requireFullSync(settings.companyId);
        }
        // A price list's event queues its records or the lists for the worker (price-list-refresh.ts).
        const priceLists = fresh && isPriceListEvent(payload) && (await queuePriceListEvent(db, settings.companyId, payload, now()));
        if (fresh && (productId !== null || priceLists)) notifyStoreRefreshDue();
        return c.body(null, 200);
      },
    },
  });
}
