/**
 * What the store connection does to the store's webhooks (decision 036), after Settings are
 * saved or the store is disconnected. Saving registers them (when the app has a webhook origin)
 * unless they are already registered for this store, token and destination; connecting another
 * store first removes them from the previous one. Disconnecting removes them. The store may
 * refuse or be unreachable: the connection still stands (changes then arrive with a Sync) and
 * the failure is logged; the next save tries again.
 */
import type { ApiSettings, Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secrets';
import type { CommerceFactory } from '../store-connection';
import { APP_WEBHOOK_SCOPES, registerWebhooks, removeWebhooks, WEBHOOK_SCOPES, webhookDestination } from './webhook-registration';

export interface WebhookDeps {
  db: Database;
  secrets: SecretBox;
  commerce: CommerceFactory;
  /** config.storeWebhookUrl: undefined, no webhooks are registered. */
  origin: string | undefined;
  log: Logger;
}

/** The connection before a save or a disconnect: its settings and its token in plain text. */
export interface PreviousConnection {
  settings: ApiSettings;
  accessToken: string | null;
}

/** Removes the webhooks of the previous connection from its store (best effort) and forgets them. */
export async function dropWebhooks(deps: WebhookDeps, previous: PreviousConnection): Promise<void> {
  const { settings, accessToken } = previous;
  const client = settings.webhookDestination && accessToken ? deps.commerce({ storeHash: settings.storeHash, accessToken, priority: 'background' }) : null;
  try {
    await removeWebhooks(deps.db, client, settings);
  } catch (err) {
    deps.log.warn('could not remove the store webhooks', { companyId: settings.companyId, store: settings.storeHash, error: String(err) });
    await removeWebhooks(deps.db, null, settings);
  }
}

/** After Settings were saved: the webhooks of the connected store, registered once per store, token and destination. */
export async function webhooksAfterSave(
  deps: WebhookDeps,
  saved: { companyId: string; storeHash: string; accessToken: string; /** Installed from BigCommerce: store/app/uninstalled too. */ installed?: boolean },
  previous: PreviousConnection | null,
): Promise<void> {
  const storeChanged = previous !== null && previous.settings.storeHash !== saved.storeHash;
  if (previous && (storeChanged || !deps.origin) && previous.settings.webhookDestination) await dropWebhooks(deps, previous);
  if (!deps.origin) return;
  const destination = webhookDestination(deps.origin, saved.companyId);
  const current = previous && !storeChanged
    && previous.settings.webhookSecret !== null
    && previous.settings.webhookDestination === destination
    && previous.accessToken === saved.accessToken;
  if (current) return;
  try {
    const scopes = saved.installed ? [...WEBHOOK_SCOPES, ...APP_WEBHOOK_SCOPES] : WEBHOOK_SCOPES;
    await registerWebhooks(deps, deps.commerce({ storeHash: saved.storeHash, accessToken: saved.accessToken, priority: 'background' }), saved.companyId, deps.origin, scopes);
  } catch (err) {
    deps.log.warn('could not register the store webhooks: changes made in the store arrive with the next Sync', {
      companyId: saved.companyId, store: saved.storeHash, error: String(err),
    });
  }
}
