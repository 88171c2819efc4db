/**
 * Sends events to the configured webhook endpoint as Stripe does: a POST of the event's JSON
 * with a `Stripe-Signature` header made by the real SDK's `webhooks.generateTestHeaderString`
 * with the endpoint's signing secret. Deliveries go one at a time, in order; `idle()` resolves
 * once the queue is empty (the checkout page waits for it before redirecting, so the app has
 * heard about the payment when the browser gets back). A failed delivery is recorded, not retried;
 * `resend(eventId)` delivers an event again (what Stripe's retries and "Resend" do).
 */
import Stripe from 'stripe';
import type { StripeEvent } from './objects';

export interface Delivery {
  eventId: string;
  type: string;
  url: string;
  /** The endpoint's status, or null when it could not be reached. */
  status: number | null;
  error: string | null;
  at: number;
}

export interface WebhookEndpoint {
  /** Where events go, e.g. http://127.0.0.1:8787/api/stripe/webhook; null: events are only recorded. */
  url: string | null;
  secret: string;
}

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly endpoint: WebhookEndpoint,
    private readonly log: (line: string) => void = () => {},
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  configure(patch: Partial<WebhookEndpoint>): void {
    Object.assign(this.endpoint, patch);
  }

  get url(): string | null {
    return this.endpoint.url;
  }

  /** Queues the event for delivery; resolves when it has been tried. */
  send(event: StripeEvent): Promise<void> {
    const next = this.queue.then(() => this.deliver(event));
    this.queue = next.catch(() => {});
    return next;
  }

  /** Resolves when every queued delivery has been tried. */
  async idle(): Promise<void> {
    for (;;) {
      const current = this.queue;
      await current;
      if (current === this.queue) return;
    }
  }

  private async deliver(event: StripeEvent): Promise<void> {
    const { url, secret } = this.endpoint;
    if (!url) return;
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const record: Delivery = { eventId: event.id, type: event.type, url, status: null, error: null, at: Date.now() };
    try {
      const res = await this.fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      record.status = res.status;
      await res.body?.cancel();
      if (!res.ok) this.log(`webhook ${event.type} (${event.id}) -> ${res.status}`);
    } catch (err) {
      record.error = err instanceof Error ? err.message : String(err);
      this.log(`webhook ${event.type} (${event.id}) could not be delivered: ${record.error}`);
    }
    this.deliveries.push(record);
  }
}
