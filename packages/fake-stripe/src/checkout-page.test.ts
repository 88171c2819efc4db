/**
 * The hosted checkout page is HTML built from names a caller chose (the business, the customer's
 * email, the success URL): every one is escaped (hono's html``), the page's own CSS is not.
 */
import { describe, expect, it } from 'vitest';
import { createFakeStripe } from './fake-stripe';

describe('checkout page', () => {
  it('escapes the names and URLs it shows and keeps its stylesheet as written', async () => {
    const fake = createFakeStripe({ businessName: 'Tom & <Jerry>' });
    const session = fake.state.createSession({
      customerEmail: '"ada"<script>@example.com',
      successUrl: 'https://app.example.com/thank-you?a=1&b="2"',
      lines: [{ price: 'price_starter', quantity: 1 }],
      metadata: {},
      subscriptionMetadata: {},
      pageBase: 'http://stripe.test',
    });

    const open = await (await fake.app.request(`/checkout/${session.id}`)).text();
    expect(open).toContain('<title>Pay Tom &amp; &lt;Jerry&gt;</title>');
    expect(open).toContain('Subscribe to Tom &amp; &lt;Jerry&gt;');
    expect(open).toContain('Billed to &quot;ada&quot;&lt;script&gt;@example.com');
    expect(open).not.toContain('<Jerry>');
    expect(open).not.toContain('<script>');
    expect(open).toContain('font-family: system-ui, -apple-system, "Segoe UI"');
    expect(open).toContain('<button type="submit">Pay $5.00</button>');

    fake.state.completeSession(session.id);
    const paid = await (await fake.app.request(`/checkout/${session.id}`)).text();
    expect(paid).toContain('<a href="https://app.example.com/thank-you?a=1&amp;b=&quot;2&quot;">Return to Tom &amp; &lt;Jerry&gt;</a>');
  });
});
