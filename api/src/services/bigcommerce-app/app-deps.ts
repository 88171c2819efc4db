/** What the BigCommerce app's callbacks need (issue 34): the data, the store, Firebase and the app's registration. */
import type { Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secrets';
import type { CommerceFactory } from '../store-connection';
import type { SyncRegistry } from '../sync/sync-registry';
import type { CustomTokenMinter } from './custom-token';

/** The app's registration in BigCommerce's developer portal, and where its login service is. */
export interface AppRegistration {
  clientId: string;
  clientSecret: string;
  /** BIGCOMMERCE_LOGIN_URL: https://login.bigcommerce.com, or the demo store locally. */
  loginUrl: string;
  /** The auth callback as registered: `${PUBLIC_URL}/bigcommerce/auth`. */
  redirectUri: string;
}

export interface BigCommerceAppDeps {
  db: Database;
  secrets: SecretBox;
  commerce: CommerceFactory;
  syncs: SyncRegistry;
  app: AppRegistration;
  mintCustomToken: CustomTokenMinter;
  /** config.storeWebhookUrl: where the store's webhooks deliver; undefined, none are registered. */
  webhookOrigin: string | undefined;
  now: () => Date;
  /** The login service's fetch (tests: the demo store in process). */
  fetch?: typeof fetch;
}

/** A callback that cannot open the app: the page's status, title and message. */
export interface Refusal {
  status: 400 | 401 | 403 | 409 | 502 | 503;
  title: string;
  message: string;
}

export type CallbackLog = Logger;
