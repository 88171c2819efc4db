/**
 * The store webhooks of a company (decision 036): registered when its store is connected (the
 * product, SKU and category events, delivered to `{origin}/api/webhooks/bigcommerce/{companyId}`
 * with a header carrying a secret of ours), removed when the store is disconnected or another
 * one connected. The secret is random per registration and stored encrypted at rest like the
 * access token (bound to the company and its purpose); the receiver compares it in constant time.
 */
import { randomBytes } from 'node:crypto';
import type { BigCommerceClient } from '@catalog/commerce';
import type { ApiSettings, Database } from '../../db/repositories';
import { SecretDecryptError, type SecretBox } from '../../lib/secrets';

/** The events the catalog follows: products and their variants (SKUs) changed, created or deleted, categories, and price lists. */
export const WEBHOOK_SCOPES = [
  'store/product/created',
  'store/product/updated',
  'store/product/deleted',
  'store/sku/updated',
  'store/category/*',
  // Price lists, their records and assignments (issue 35; services/store-webhooks/price-list-refresh.ts).
  'store/priceList/*',
  'store/priceLists/deleted',
] as const;

/** What an installation from BigCommerce follows too (issue 34): the app uninstalled from the store. */
export const APP_WEBHOOK_SCOPES = ['store/app/uninstalled'] as const;

/** The header every delivery must carry, with the company's secret as its value. */
export const WEBHOOK_SECRET_HEADER = 'X-Catalog-Webhook-Secret';

/** Where a company's deliveries go. */
export const webhookDestination = (origin: string, companyId: string): string => `${origin}/api/webhooks/bigcommerce/${encodeURIComponent(companyId)}`;

/** The secret's encryption context: the company, and that it is the webhook secret (not the token). */
const secretContext = (companyId: string) => `${companyId}:store-webhooks`;

/** The company's webhook secret in plain text; null when none is registered or it no longer decrypts. */
export function readWebhookSecret(box: SecretBox, settings: Pick<ApiSettings, 'companyId' | 'webhookSecret'>): string | null {
  if (!settings.webhookSecret) return null;
  try {
    return box.decrypt(settings.webhookSecret, secretContext(settings.companyId));
  } catch (err) {
    if (err instanceof SecretDecryptError) return null;
    throw err;
  }
}

/**
 * Registers the catalog's webhooks on the company's store with a new secret, replacing any of
 * ours already there (a re-registration changes the secret). The secret is saved first, so no
 * delivery of the new hooks is ever refused for lack of it.
 */
export async function registerWebhooks(
  deps: { db: Database; secrets: SecretBox }, client: BigCommerceClient, companyId: string, origin: string,
  scopes: readonly string[] = WEBHOOK_SCOPES,
): Promise<void> {
  const destination = webhookDestination(origin, companyId);
  const secret = randomBytes(32).toString('base64url');
  await deps.db.settings.setWebhooks(companyId, { secret: deps.secrets.encrypt(secret, secretContext(companyId)), destination });
  await deleteHooksTo(client, destination);
  for (const scope of scopes) {
    await client.createHook({ scope, destination, headers: { [WEBHOOK_SECRET_HEADER]: secret } });
  }
}

/** Removes our webhooks from the store and forgets them (and whatever they had queued). */
export async function removeWebhooks(db: Database, client: BigCommerceClient | null, settings: Pick<ApiSettings, 'companyId' | 'webhookDestination'>): Promise<void> {
  if (client && settings.webhookDestination) await deleteHooksTo(client, settings.webhookDestination);
  await db.settings.setWebhooks(settings.companyId, null);
  await db.storeRefreshes.clear(settings.companyId);
}

async function deleteHooksTo(client: BigCommerceClient, destination: string): Promise<void> {
  for (const hook of await client.listHooks()) {
    if (hook.destination === destination) await client.deleteHook(hook.id);
  }
}
