/**
 * The part of Stripe's REST API the product's billing uses, under /v1, as the real SDK calls
 * it (pointed here with `host`/`port`/`protocol`): bearer secret key, form-encoded bodies,
 * parameters in the query for GET and DELETE, `Idempotency-Key` replays, Stripe-shaped JSON
 * and errors. Every request is recorded (`requests`) so tests can check what the SDK sent.
 */
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { StripeApiError } from './errors';
import { list, metadataFrom, obj, parseStripeParams, str, type FormObject } from './form';
import type { SessionLine } from './objects';
import type { FakeStripeState } from './state';
import { cancelSubscription, updateSubscription } from './subscription-ops';

export interface RecordedRequest {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey: string | null;
  at: number;
}

export interface ApiRouteOptions {
  /** The secret key the SDK must send; null accepts any `sk_test_` key. */
  secretKey: string | null;
  /** Base URL of the hosted checkout pages; default: the origin the request came to. */
  publicUrl: string | null;
  requests: RecordedRequest[];
}

type Env = { Variables: { params: FormObject } };

const asList = <T>(data: T[], url: string) => ({ object: 'list', data, has_more: false, url });

export function apiRoutes(state: FakeStripeState, options: ApiRouteOptions) {
  const replays = new Map<string, { status: number; body: unknown }>();
  const send = (c: Context, body: unknown, status = 200) => c.json(body as object, status as ContentfulStatusCode);

  const app = new Hono<Env>();
  app.onError((err, c) => {
    if (err instanceof StripeApiError) return send(c, err.toBody(), err.status);
    return send(c, { error: { type: 'api_error', message: err instanceof Error ? err.message : String(err) } }, 500);
  });

  app.use('*', async (c, next) => {
    const auth = c.req.header('authorization') ?? '';
    const key = /^Bearer\s+(\S+)$/.exec(auth)?.[1];
    const accepted = options.secretKey ? key === options.secretKey : Boolean(key?.startsWith('sk_test_'));
    if (!accepted) {
      const message = key ? `Invalid API Key provided: ${key.slice(0, 8)}***` : 'You did not provide an API key.';
      return send(c, { error: { type: 'invalid_request_error', message } }, 401);
    }
    const url = new URL(c.req.url);
    const body = c.req.method === 'POST' ? await c.req.text() : '';
    const params = { ...parseStripeParams(url.search), ...parseStripeParams(body) };
    c.set('params', params);
    const idempotencyKey = c.req.header('idempotency-key') ?? null;
    options.requests.push({ method: c.req.method, path: url.pathname, params, idempotencyKey, at: Date.now() });
    const replayKey = idempotencyKey && c.req.method === 'POST' ? `${url.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) {
      c.header('Idempotent-Replayed', 'true');
      return send(c, replay.body, replay.status);
    }
    await next();
    if (replayKey && c.res.status < 500) replays.set(replayKey, { status: c.res.status, body: await c.res.clone().json() });
  });

  app.post('/customers', (c) => {
    const p = c.get('params');
    return send(c, state.createCustomer({ email: str(p, 'email'), name: str(p, 'name'), description: str(p, 'description'), metadata: metadataFrom(p) }));
  });
  app.get('/customers/:id', (c) => send(c, state.customer(c.req.param('id'))));
  app.post('/customers/:id', (c) => {
    const customer = state.customer(c.req.param('id'));
    const p = c.get('params');
    Object.assign(customer, {
      ...(str(p, 'email') !== undefined ? { email: str(p, 'email') } : {}),
      ...(str(p, 'name') !== undefined ? { name: str(p, 'name') } : {}),
      metadata: metadataFrom(p, customer.metadata),
    });
    return send(c, customer);
  });

  app.get('/prices', (c) => send(c, asList([...state.prices.values()], '/v1/prices')));
  app.get('/prices/:id', (c) => send(c, state.price(c.req.param('id'), 'id')));

  app.post('/checkout/sessions', (c) => {
    const p = c.get('params');
    const mode = str(p, 'mode');
    if (!mode) throw new StripeApiError(400, 'Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
    if (mode !== 'subscription') throw new StripeApiError(400, `The local Stripe stand-in only supports mode=subscription (got ${mode}).`, { param: 'mode' });
    const lines: SessionLine[] = list(p, 'line_items').map((raw, i) => {
      const line = typeof raw === 'object' && !Array.isArray(raw) ? (raw as FormObject) : {};
      const price = str(line, 'price');
      if (!price) throw new StripeApiError(400, `Missing required param: line_items[${i}][price].`, { code: 'parameter_missing', param: `line_items[${i}][price]` });
      return { price, quantity: Number(str(line, 'quantity') ?? '1') || 1 };
    });
    const session = state.createSession({
      customer: str(p, 'customer'),
      customerEmail: str(p, 'customer_email'),
      clientReferenceId: str(p, 'client_reference_id'),
      successUrl: str(p, 'success_url') ?? '',
      cancelUrl: str(p, 'cancel_url'),
      lines,
      metadata: metadataFrom(p),
      subscriptionMetadata: metadataFrom(obj(p, 'subscription_data')),
      pageBase: options.publicUrl ?? new URL(c.req.url).origin,
    });
    return send(c, session);
  });
  app.get('/checkout/sessions/:id', (c) => {
    const session = state.session(c.req.param('id'));
    const expand = list(c.get('params'), 'expand');
    if (expand.includes('subscription') && session.subscription) {
      return send(c, { ...session, subscription: state.subscription(session.subscription) });
    }
    return send(c, session);
  });
  app.post('/checkout/sessions/:id/expire', (c) => {
    const session = state.session(c.req.param('id'));
    if (session.status !== 'open') throw new StripeApiError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    session.status = 'expired';
    session.url = null;
    return send(c, session);
  });

  app.get('/subscriptions', (c) => {
    const customer = str(c.get('params'), 'customer');
    const all = [...state.subscriptions.values()].filter((s) => !customer || s.customer === customer);
    return send(c, asList(all, '/v1/subscriptions'));
  });
  app.get('/subscriptions/:id', (c) => send(c, state.subscription(c.req.param('id'))));
  app.post('/subscriptions/:id', (c) => send(c, updateSubscription(state, c.req.param('id'), c.get('params'))));
  app.delete('/subscriptions/:id', (c) => send(c, cancelSubscription(state, c.req.param('id'), c.get('params'))));

  app.all('*', (c) =>
    send(c, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}). The local Stripe stand-in only implements the calls Catalog Pilot makes.` } }, 404),
  );
  return app;
}
