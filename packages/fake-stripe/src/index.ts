/**
 * The package's entry: the local Stripe stand-in (`createFakeStripe`) and the shapes tests read
 * from it. See fake-stripe.ts for what it serves and README.md for how `npm start` runs it.
 */
export { createFakeStripe, type FakeStripe, type FakeStripeOptions, type RunningFakeStripe } from './fake-stripe';
export { DEFAULT_PRICES, type PriceSpec } from './state';
export type { StripeCheckoutSession, StripeCustomer, StripeEvent, StripePrice, StripeSubscription, Proration } from './objects';
export type { RecordedRequest } from './api-routes';
export type { Delivery } from './webhooks';
