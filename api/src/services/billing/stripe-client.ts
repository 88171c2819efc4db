/**
 * The Stripe SDK client from the configuration: api.stripe.com in production, or wherever
 * STRIPE_API_URL points (the local stand-in packages/fake-stripe under `npm start` and in
 * tests), through the SDK's own `host` / `port` / `protocol` options, so the same code path
 * runs in both.
 */
import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

export function createStripeClient(config: Pick<StripeConfig, 'secretKey' | 'api'>, options: { maxNetworkRetries?: number } = {}): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
    // The SDK adds an Idempotency-Key to retried POSTs, so a retry never creates a second object.
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Catalog Pilot' },
  });
}
