/**
 * POST /api/stripe/webhook: Stripe's events, unauthenticated (Stripe signs them instead). The
 * body is read raw (`c.req.text()`), never parsed first, since the signature covers its exact
 * bytes. Answers `{received: true}` (also for a redelivered event), 400 for a bad signature, and
 * 500 when handling failed, so Stripe delivers the event again.
 */
import type { Billing } from '../../services/billing/billing';
import { defineRoutes } from '../define-routes';

export function stripeWebhookRoutes({ billing }: { billing: Billing }) {
  return defineRoutes({
    'POST /api/stripe/webhook': async (c) => {
      const rawBody = await c.req.text();
      const result = await billing.webhook(rawBody, c.req.header('stripe-signature'));
      return c.json(result);
    },
  });
}
