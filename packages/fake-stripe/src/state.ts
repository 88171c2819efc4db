/**
 * The fake's account: customers, prices, Checkout Sessions and subscriptions in memory, and
 * the operations the API and the checkout page perform on them, each emitting the events
 * Stripe would (`checkout.session.completed`, `customer.subscription.updated|deleted`).
 * Validation follows Stripe's: unknown ids are 404 resource_missing, bad values 400.
 */
import { invalid, missing, required, StripeApiError } from './errors';
import {
  newId, PERIOD_SECONDS, priceObject, type Metadata, type Proration, type SessionLine, type StripeCheckoutSession,
  type StripeCustomer, type StripeEvent, type StripePrice, type StripeSubscription,
} from './objects';

export interface PriceSpec {
  id: string;
  /** Monthly amount in cents. */
  unitAmount: number;
  /** Shown on the checkout page ("Starter"). */
  nickname: string;
}

/** The prices `npm start` and the tests use: the Starter and Premium plans' monthly prices. */
export const DEFAULT_PRICES: readonly PriceSpec[] = [
  { id: 'price_starter', unitAmount: 500, nickname: 'Starter' },
  { id: 'price_premium', unitAmount: 1000, nickname: 'Premium' },
];

export interface NewSession {
  customer?: string;
  customerEmail?: string;
  clientReferenceId?: string;
  successUrl: string;
  cancelUrl?: string;
  lines: SessionLine[];
  metadata: Metadata;
  subscriptionMetadata: Metadata;
  /** Where the hosted page is: `${base}/checkout/{id}`. */
  pageBase: string;
}

export class FakeStripeState {
  readonly customers = new Map<string, StripeCustomer>();
  readonly prices = new Map<string, StripePrice>();
  readonly sessions = new Map<string, StripeCheckoutSession>();
  /** What each session sells and what its subscription will carry (not part of the session's JSON). */
  readonly sessionDetails = new Map<string, { lines: SessionLine[]; subscriptionMetadata: Metadata }>();
  readonly subscriptions = new Map<string, StripeSubscription>();
  readonly events: StripeEvent[] = [];
  readonly prorations: Proration[] = [];
  /** Called for every event, in order (the webhook sender queues it). */
  onEvent: (event: StripeEvent) => void = () => {};

  constructor(
    private readonly clock: () => number,
    prices: readonly PriceSpec[],
    private readonly apiVersion: string,
  ) {
    for (const spec of prices) this.prices.set(spec.id, priceObject({ ...spec, created: this.now() }));
  }

  /** Unix seconds. */
  now(): number {
    return Math.floor(this.clock() / 1000);
  }

  emit(type: string, object: unknown, previous?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: this.now(),
      type,
      data: previous ? { object: structuredClone(object), previous_attributes: previous } : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    this.events.push(event);
    this.onEvent(event);
    return event;
  }

  createCustomer(input: { email?: string; name?: string; description?: string; metadata: Metadata }): StripeCustomer {
    const customer: StripeCustomer = {
      id: newId('cus'), object: 'customer', created: this.now(), email: input.email ?? null, name: input.name ?? null,
      description: input.description ?? null, metadata: input.metadata, livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string): StripeCustomer {
    const found = this.customers.get(id);
    if (!found) throw missing('customer', id);
    return found;
  }

  price(id: string, param = 'price'): StripePrice {
    const found = this.prices.get(id);
    if (!found) throw missing('price', id, param);
    return found;
  }

  createSession(input: NewSession): StripeCheckoutSession {
    if (!input.successUrl) throw required('success_url');
    if (input.lines.length === 0) throw required('line_items');
    if (input.customer) this.customer(input.customer);
    input.lines.forEach((line, i) => this.price(line.price, `line_items[${i}][price]`));
    const amount = input.lines.reduce((sum, line) => sum + this.price(line.price).unit_amount * line.quantity, 0);
    const id = newId('cs');
    const session: StripeCheckoutSession = {
      id, object: 'checkout.session', created: this.now(), expires_at: this.now() + 24 * 60 * 60, mode: 'subscription',
      status: 'open', payment_status: 'unpaid', customer: input.customer ?? null, customer_email: input.customerEmail ?? null,
      client_reference_id: input.clientReferenceId ?? null, success_url: input.successUrl, cancel_url: input.cancelUrl ?? null,
      url: `${input.pageBase}/checkout/${id}`, subscription: null, currency: 'usd', amount_subtotal: amount, amount_total: amount,
      metadata: input.metadata, livemode: false,
    };
    this.sessions.set(id, session);
    this.sessionDetails.set(id, { lines: input.lines, subscriptionMetadata: input.subscriptionMetadata });
    return session;
  }

  session(id: string): StripeCheckoutSession {
    const found = this.sessions.get(id);
    if (!found) throw missing('checkout.session', id);
    return found;
  }

  /**
   * The Pay button: creates the customer (if the session had none) and the subscription, marks
   * the session complete and paid, and emits checkout.session.completed, then
   * customer.subscription.updated. Paying a completed session again changes nothing.
   */
  completeSession(id: string): StripeCheckoutSession {
    const session = this.session(id);
    if (session.status === 'complete') return session;
    if (session.status === 'expired') throw new StripeApiError(400, 'This Checkout Session has expired.', { code: 'checkout_session_expired' });
    const customerId = session.customer ?? this.createCustomer({ email: session.customer_email ?? undefined, metadata: {} }).id;
    const now = this.now();
    const subId = newId('sub');
    const { lines, subscriptionMetadata } = this.sessionDetails.get(id) ?? { lines: [], subscriptionMetadata: {} };
    const subscription: StripeSubscription = {
      id: subId, object: 'subscription', created: now, start_date: now, billing_cycle_anchor: now, customer: customerId,
      status: 'active', currency: 'usd', collection_method: 'charge_automatically', cancel_at_period_end: false,
      cancel_at: null, canceled_at: null, ended_at: null, latest_invoice: null,
      items: {
        object: 'list', has_more: false, total_count: lines.length, url: `/v1/subscription_items?subscription=${subId}`,
        data: lines.map((line) => ({
          id: newId('si'), object: 'subscription_item', created: now, price: this.price(line.price), quantity: line.quantity,
          subscription: subId, current_period_start: now, current_period_end: now + PERIOD_SECONDS, metadata: {},
        })),
      },
      metadata: { ...subscriptionMetadata },
      livemode: false,
    };
    this.subscriptions.set(subId, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer: customerId, subscription: subId });
    this.emit('checkout.session.completed', session);
    this.emit('customer.subscription.updated', subscription);
    return session;
  }

  subscription(id: string): StripeSubscription {
    const found = this.subscriptions.get(id);
    if (!found) throw missing('subscription', id);
    return found;
  }

  /** Checks an update is possible at all: a canceled subscription cannot be changed. */
  assertLive(subscription: StripeSubscription): void {
    if (subscription.status === 'canceled') {
      throw invalid('subscription', `A canceled subscription can only update its cancellation_details and metadata.`);
    }
  }
}
