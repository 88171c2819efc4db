/**
 * `createFakeStripe(options)`: the local Stripe stand-in as one object: the Hono app (the /v1
 * API, the hosted checkout pages, and /__admin hooks for tests and local runs), its state, the
 * webhook sender, and `listen(port, host)` to serve it over HTTP (port 0 picks a free port).
 *
 * Admin hooks over HTTP: `GET /__admin/state`, `GET /__admin/events`, `GET /__admin/requests`,
 * `POST /__admin/events/{id}/resend`, `POST /__admin/subscriptions/{id}/end-period` (the period
 * ends now: a subscription set to cancel is deleted, any other renews), `PATCH /__admin/webhook`
 * (`{"url": ..., "secret": ...}`). Each waits for the webhooks it caused to be delivered.
 */
import { listen as serveApp, type Listening } from '@catalog/listen';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { apiRoutes, type RecordedRequest } from './api-routes';
import { checkoutPageRoutes } from './checkout-page';
import { StripeApiError } from './errors';
import type { StripeEvent, StripeSubscription } from './objects';
import { DEFAULT_PRICES, FakeStripeState, type PriceSpec } from './state';
import { endPeriod as endSubscriptionPeriod } from './subscription-ops';
import { WebhookSender, type Delivery, type WebhookEndpoint } from './webhooks';

export interface FakeStripeOptions {
  /** The secret key the SDK must use; default: any `sk_test_...` key. */
  secretKey?: string;
  /** Where events are POSTed, and the signing secret (whsec_...). No url: events are only recorded. */
  webhook?: Partial<WebhookEndpoint>;
  /** Default: price_starter ($5/month) and price_premium ($10/month). */
  prices?: readonly PriceSpec[];
  /** Base URL of the checkout pages; default: the origin the SDK's request came to. */
  publicUrl?: string;
  /** The name the checkout page says you pay. Default 'Catalog Pilot'. */
  businessName?: string;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  /** Log lines (failed deliveries); default silent. */
  log?: (line: string) => void;
  /** How webhooks reach the endpoint; default global fetch. */
  fetch?: typeof fetch;
}

/** `url` (e.g. http://127.0.0.1:8789) is STRIPE_API_URL for the app. */
export type RunningFakeStripe = Listening;

export interface FakeStripe {
  app: Hono;
  state: FakeStripeState;
  webhooks: WebhookSender;
  /** Every API request the SDK made, with its parsed parameters. */
  requests: RecordedRequest[];
  /** Ends a subscription's current period now (see the header); resolves after its webhook. */
  endPeriod(subscriptionId: string): Promise<StripeSubscription>;
  /** Delivers an event again, with the same id (a redelivery). */
  resend(eventId: string): Promise<Delivery | undefined>;
  /** The events of a type, oldest first. */
  eventsOf(type: string): StripeEvent[];
  listen(port?: number, host?: string): Promise<RunningFakeStripe>;
}

export function createFakeStripe(options: FakeStripeOptions = {}): FakeStripe {
  const state = new FakeStripeState(options.now ?? Date.now, options.prices ?? DEFAULT_PRICES, Stripe.API_VERSION);
  const webhooks = new WebhookSender(
    { url: options.webhook?.url ?? null, secret: options.webhook?.secret ?? 'whsec_local' },
    options.log,
    options.fetch,
  );
  state.onEvent = (event) => void webhooks.send(event);
  const requests: RecordedRequest[] = [];

  const endPeriod = async (id: string) => {
    const sub = endSubscriptionPeriod(state, id);
    await webhooks.idle();
    return sub;
  };
  const resend = async (eventId: string) => {
    const event = state.events.find((e) => e.id === eventId);
    if (!event) return undefined;
    await webhooks.send(event);
    return webhooks.deliveries.at(-1);
  };

  const admin = new Hono();
  admin.onError((err, c) => (err instanceof StripeApiError ? c.json(err.toBody(), err.status as 400) : c.json({ error: { message: String(err) } }, 500)));
  admin.get('/state', (c) =>
    c.json({
      webhook: { url: webhooks.url },
      customers: [...state.customers.values()],
      prices: [...state.prices.values()],
      sessions: [...state.sessions.values()],
      subscriptions: [...state.subscriptions.values()],
      prorations: state.prorations,
      deliveries: webhooks.deliveries,
    }),
  );
  admin.get('/events', (c) => c.json(state.events));
  admin.get('/requests', (c) => c.json(requests));
  admin.post('/events/:id/resend', async (c) => {
    const delivery = await resend(c.req.param('id'));
    return delivery ? c.json(delivery) : c.json({ error: { message: 'No such event' } }, 404);
  });
  admin.post('/subscriptions/:id/end-period', async (c) => c.json(await endPeriod(c.req.param('id'))));
  admin.patch('/webhook', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Partial<WebhookEndpoint>;
    webhooks.configure({
      ...(typeof body.url === 'string' || body.url === null ? { url: body.url } : {}),
      ...(typeof body.secret === 'string' ? { secret: body.secret } : {}),
    });
    return c.json({ url: webhooks.url });
  });

  const app = new Hono();
  app.get('/', (c) => c.text('Local Stripe stand-in for Catalog Pilot: /v1 (API), /checkout/{session} (hosted checkout), /__admin (test hooks).\n'));
  app.route('/v1', apiRoutes(state, { secretKey: options.secretKey ?? null, publicUrl: options.publicUrl?.replace(/\/+$/, '') ?? null, requests }));
  app.route('/checkout', checkoutPageRoutes(state, webhooks, options.businessName ?? 'Catalog Pilot'));
  app.route('/__admin', admin);

  const listen = (port = 0, host = '127.0.0.1'): Promise<RunningFakeStripe> => serveApp(app, { port, host });

  return { app, state, webhooks, requests, endPeriod, resend, eventsOf: (type) => state.events.filter((e) => e.type === type), listen };
}
