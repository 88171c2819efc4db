/**
 * The hosted checkout page at a session's `url` (`/checkout/{id}`), standing in for Stripe
 * Checkout: what is bought (plan, amount per month), a Pay button that POSTs to the same URL
 * and a Cancel link. Paying creates the subscription, sends the signed webhooks and waits for
 * them to be delivered, then redirects (303) to the success URL with `{CHECKOUT_SESSION_ID}`
 * filled in; Cancel redirects to the cancel URL. No card is asked for or charged.
 */
import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import { StripeApiError } from './errors';
import type { StripeCheckoutSession } from './objects';
import type { FakeStripeState } from './state';
import type { WebhookSender } from './webhooks';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .75rem 0 0; }
  .muted { color: #4f566b; }
  .note { background: #fff8e1; border: 1px solid #b7791f; border-radius: 8px; padding: .75rem; margin: 1.5rem 0; }
  button { width: 100%; font: inherit; font-weight: 600; padding: .8rem; border: 0; border-radius: 8px; background: #3b3fb6; color: #fff; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
  a { color: #3b3fb6; }
  .cancel { display: block; text-align: center; margin-top: 1rem; }
  @media (max-width: 30rem) { main { margin: 0; border-radius: 0; min-height: 100vh; box-sizing: border-box; } }
`;

/** A page's body: hono's html`` escapes every value put in it (names, messages, ids, URLs). */
type Body = ReturnType<typeof html>;

function page(title: string, body: Body, formTargets: string[]): { page: Body; csp: string } {
  const document = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${raw(STYLE)}</style></head>
<body><main>${body}</main></body></html>`;
  // form-action also governs where the POST may redirect to: the app's success page.
  const csp = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${formTargets.join(' ')}; frame-ancestors 'none'; base-uri 'none'`;
  return { page: document, csp };
}

function origin(url: string | null): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** Stripe fills `{CHECKOUT_SESSION_ID}` in the success URL with the session's id. */
export function successRedirect(session: StripeCheckoutSession): string {
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

export function checkoutPageRoutes(state: FakeStripeState, webhooks: WebhookSender, businessName: string) {
  const app = new Hono();
  const render = (c: Context, title: string, body: Body, targets: string[], status: 200 | 400 | 404 | 410 = 200) => {
    const { page: document, csp } = page(title, body, targets);
    c.header('Content-Security-Policy', csp);
    c.header('Cache-Control', 'no-store');
    return c.html(document, status);
  };
  const find = (id: string) => state.sessions.get(id);

  app.get('/:id', (c) => {
    const session = find(c.req.param('id'));
    if (!session) return render(c, 'Checkout not found', html`<h1>Checkout not found</h1><p>This checkout link is not valid.</p>`, [], 404);
    if (session.status === 'complete') {
      return render(c, 'Payment complete', html`<h1>Payment complete</h1><p><a href="${successRedirect(session)}">Return to ${businessName}</a></p>`, []);
    }
    if (session.status === 'expired') {
      return render(c, 'Checkout expired', html`<h1>This checkout has expired</h1><p class="muted">Start again from the app.</p>`, [], 410);
    }
    const lines = state.sessionDetails.get(session.id)?.lines ?? [];
    const names = lines.map((line) => state.prices.get(line.price)?.nickname ?? line.price).join(', ');
    const customer = session.customer ? state.customers.get(session.customer) : undefined;
    const email = customer?.email ?? session.customer_email;
    const body = html`
      <p class="muted">Subscribe to ${businessName}</p>
      <h1>${names} plan</h1>
      <p class="amount">${money(session.amount_total)} <span class="muted" style="font-size:1rem;font-weight:400">per month</span></p>
      ${email ? html`<p class="muted">Billed to ${email}</p>` : ''}
      <p class="note" role="note">Local test checkout: this page stands in for Stripe Checkout. No card is asked for and nothing is charged.</p>
      <form method="post" action="/checkout/${session.id}">
        <button type="submit">Pay ${money(session.amount_total)}</button>
      </form>
      <a class="cancel" href="/checkout/${session.id}/cancel">Cancel</a>`;
    return render(c, `Pay ${businessName}`, body, origin(session.success_url));
  });

  app.post('/:id', async (c) => {
    const session = find(c.req.param('id'));
    if (!session) return render(c, 'Checkout not found', html`<h1>Checkout not found</h1>`, [], 404);
    try {
      state.completeSession(session.id);
    } catch (err) {
      if (err instanceof StripeApiError) return render(c, 'Checkout failed', html`<h1>Checkout failed</h1><p>${err.message}</p>`, [], 400);
      throw err;
    }
    // As the hosted page would, return only once the app has been told (the webhooks were tried).
    await webhooks.idle();
    return c.redirect(successRedirect(session), 303);
  });

  app.get('/:id/cancel', (c) => {
    const session = find(c.req.param('id'));
    if (!session?.cancel_url) return render(c, 'Checkout not found', html`<h1>Checkout not found</h1>`, [], 404);
    return c.redirect(session.cancel_url, 303);
  });

  return app;
}
