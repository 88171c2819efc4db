/**
 * CLI entry (`npm start` runs it bundled as api/dist/fake-stripe.mjs): serves the local Stripe
 * stand-in on 127.0.0.1:FAKE_STRIPE_PORT (default 8789) and prints its URL. Environment:
 * STRIPE_SECRET_KEY (the key the API uses, default any sk_test_ key), STRIPE_WEBHOOK_URL (where
 * events go, e.g. http://127.0.0.1:8787/api/stripe/webhook), STRIPE_WEBHOOK_SECRET (their
 * signing secret), STRIPE_PRICE_STARTER / STRIPE_PRICE_PREMIUM (price ids, default
 * price_starter / price_premium).
 */
import { createFakeStripe } from './fake-stripe';

const rawPort = process.env.FAKE_STRIPE_PORT ?? '8789';
const port = Number(rawPort);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`[fake-stripe] FAKE_STRIPE_PORT=${rawPort} is not a port`);
  process.exit(1);
}
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!webhookSecret) {
  console.error('[fake-stripe] STRIPE_WEBHOOK_SECRET is required (the API verifies the webhooks with it)');
  process.exit(1);
}

const fake = createFakeStripe({
  secretKey: process.env.STRIPE_SECRET_KEY || undefined,
  webhook: { url: process.env.STRIPE_WEBHOOK_URL || null, secret: webhookSecret },
  prices: [
    { id: process.env.STRIPE_PRICE_STARTER || 'price_starter', unitAmount: 500, nickname: 'Starter' },
    { id: process.env.STRIPE_PRICE_PREMIUM || 'price_premium', unitAmount: 1000, nickname: 'Premium' },
  ],
  log: (line) => console.error(`[fake-stripe] ${line}`),
});

const running = await fake.listen(port, '127.0.0.1');
console.log(`[fake-stripe] Stripe stand-in at ${running.url} (checkout pages at ${running.url}/checkout/..., webhooks to ${fake.webhooks.url ?? 'nowhere'})`);

const stop = () => {
  running.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
