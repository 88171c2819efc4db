/**
 * What happens to a subscription after checkout, as Stripe Billing does it: a price change on
 * an item (with a proration for the rest of the period unless `proration_behavior=none`),
 * cancel at period end and its undo, an immediate cancel, and the end of a billing period
 * (the tests' clock): a subscription set to cancel ends (customer.subscription.deleted), any
 * other renews for another period (customer.subscription.updated).
 */
import { invalid, StripeApiError } from './errors';
import { bool, list, metadataFrom, obj, str, type FormObject } from './form';
import { PERIOD_SECONDS, type StripeSubscription } from './objects';
import type { FakeStripeState } from './state';

const PRORATIONS = ['always_invoice', 'create_prorations', 'none'];

/** The part of the subscription a change touches, for the event's previous_attributes. */
function snapshot(sub: StripeSubscription) {
  return structuredClone({ items: sub.items, cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at, canceled_at: sub.canceled_at, status: sub.status, metadata: sub.metadata });
}

function changedFields(before: ReturnType<typeof snapshot>, after: StripeSubscription): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(after[key as keyof StripeSubscription])) previous[key] = value;
  }
  return previous;
}

/** POST /v1/subscriptions/{id}: items[n][id|price], proration_behavior, cancel_at_period_end, metadata. */
export function updateSubscription(state: FakeStripeState, id: string, params: FormObject): StripeSubscription {
  const sub = state.subscription(id);
  state.assertLive(sub);
  const before = snapshot(sub);
  const now = state.now();
  const proration = str(params, 'proration_behavior') ?? 'create_prorations';
  if (!PRORATIONS.includes(proration)) throw invalid('proration_behavior', `Invalid proration_behavior: must be one of ${PRORATIONS.join(', ')}`);

  list(params, 'items').forEach((raw, i) => {
    const item = typeof raw === 'object' && !Array.isArray(raw) ? (raw as FormObject) : undefined;
    const itemId = str(item, 'id');
    const priceId = str(item, 'price');
    if (!itemId) throw new StripeApiError(400, 'Adding items to a subscription is not supported by the local stand-in; pass items[n][id].', { param: `items[${i}][id]` });
    const target = sub.items.data.find((it) => it.id === itemId);
    if (!target) throw invalid(`items[${i}][id]`, `Invalid subscription item: '${itemId}' does not belong to ${sub.id}`);
    if (!priceId || priceId === target.price.id) return;
    const price = state.price(priceId, `items[${i}][price]`);
    if (proration !== 'none') {
      // What is left of the period at the new price, minus what is left of it at the old one.
      const left = Math.max(0, target.current_period_end - now) / (target.current_period_end - target.current_period_start || 1);
      const amount = Math.round((price.unit_amount - target.price.unit_amount) * target.quantity * left);
      state.prorations.push({ subscription: sub.id, customer: sub.customer, amount, fromPrice: target.price.id, toPrice: price.id, created: now });
    }
    target.price = price;
  });

  const cancelAtEnd = bool(params, 'cancel_at_period_end');
  if (cancelAtEnd !== undefined) {
    const periodEnd = Math.max(...sub.items.data.map((it) => it.current_period_end));
    sub.cancel_at_period_end = cancelAtEnd;
    sub.cancel_at = cancelAtEnd ? periodEnd : null;
    sub.canceled_at = cancelAtEnd ? now : null;
  }
  if (obj(params, 'metadata')) sub.metadata = metadataFrom(params, sub.metadata);

  const previous = changedFields(before, sub);
  if (Object.keys(previous).length > 0) state.emit('customer.subscription.updated', sub, previous);
  return sub;
}

/** DELETE /v1/subscriptions/{id}: ends it now (`prorate=true` credits the unused time). */
export function cancelSubscription(state: FakeStripeState, id: string, params: FormObject): StripeSubscription {
  const sub = state.subscription(id);
  if (sub.status === 'canceled') throw new StripeApiError(404, `No such subscription: '${id}'`, { code: 'resource_missing', param: 'id' });
  const now = state.now();
  if (bool(params, 'prorate')) {
    for (const item of sub.items.data) {
      const left = Math.max(0, item.current_period_end - now) / (item.current_period_end - item.current_period_start || 1);
      const amount = -Math.round(item.price.unit_amount * item.quantity * left);
      state.prorations.push({ subscription: sub.id, customer: sub.customer, amount, fromPrice: item.price.id, toPrice: item.price.id, created: now });
    }
  }
  endNow(sub, now);
  state.emit('customer.subscription.deleted', sub);
  return sub;
}

function endNow(sub: StripeSubscription, now: number) {
  sub.status = 'canceled';
  sub.ended_at = now;
  sub.canceled_at ??= now;
  sub.cancel_at_period_end = false;
}

/**
 * The billing period ends now (what Stripe's clock does at `current_period_end`): a subscription
 * set to cancel ends and customer.subscription.deleted is sent; any other renews for a period.
 */
export function endPeriod(state: FakeStripeState, id: string): StripeSubscription {
  const sub = state.subscription(id);
  state.assertLive(sub);
  const now = state.now();
  if (sub.cancel_at_period_end || sub.cancel_at !== null) {
    endNow(sub, now);
    state.emit('customer.subscription.deleted', sub);
    return sub;
  }
  const before = snapshot(sub);
  for (const item of sub.items.data) {
    item.current_period_start = now;
    item.current_period_end = now + PERIOD_SECONDS;
  }
  state.emit('customer.subscription.updated', sub, changedFields(before, sub));
  return sub;
}
