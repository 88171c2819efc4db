/**
 * Billing tests against the local Stripe stand-in (packages/fake-stripe) with the real SDK:
 * starts the fake on a free port, builds the app with billing pointed at it (host/port/protocol,
 * as STRIPE_API_URL does), serves the app over HTTP so the fake's signed webhooks reach
 * /api/stripe/webhook, and signs in an owner (on a demo store when one is given). `pay` does
 * what the checkout page's Pay button does; `call` sends an API request as someone.
 */
import Stripe from 'stripe';
import { createFakeStripe, type FakeStripe } from '@catalog/fake-stripe';
import { createLogger } from '../lib/logger';
import { createBilling } from '../services/billing/billing';
import { createStripeClient } from '../services/billing/stripe-client';
import type { Database } from '../db/repositories';
import { listen } from '@catalog/listen';
import { connectedApp, signedInUser, type TestStore } from './store-fixture';
import { testApp, testUser } from './test-app';

export const STRIPE_KEY = 'sk_test_billing';
export const WEBHOOK_SECRET = 'whsec_test_billing';
export const PRICES = { starter: 'price_starter', premium: 'price_premium' } as const;

type Who = { headers: Record<string, string> };

/** Billing on `db` that talks to the fake at `url` through the real SDK. */
export function billingAt(url: string) {
  const { hostname, port } = new URL(url);
  const stripe = createStripeClient({ secretKey: STRIPE_KEY, api: { host: hostname, port: Number(port), protocol: 'http' } }, { maxNetworkRetries: 0 });
  return (db: Database) => createBilling({ db, logger: createLogger('silent'), stripe, prices: PRICES, webhookSecret: WEBHOOK_SECRET, publicUrl: 'http://app.test' });
}

/** A Stripe-Signature for `payload`, as Stripe makes it (a wrong secret makes a bad one). */
export function signatureFor(payload: string, secret = WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

export async function billingApp(options: { store?: TestStore } = {}) {
  const fake: FakeStripe = createFakeStripe({ secretKey: STRIPE_KEY, webhook: { secret: WEBHOOK_SECRET } });
  const stripeServer = await fake.listen(0);
  const billing = billingAt(stripeServer.url);
  const t = options.store ? await connectedApp(options.store, { billing }) : await plainApp(billing);
  const served = await listen(t.app);
  fake.webhooks.configure({ url: `${served.url}/api/stripe/webhook` });

  const call = async (who: Who | null, method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, {
      method,
      headers: who ? who.headers : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
  };
  /** POSTs the checkout page's Pay form; returns where the browser is sent next. */
  const pay = async (checkoutUrl: string): Promise<string> => {
    const res = await fetch(checkoutUrl, { method: 'POST', redirect: 'manual' });
    if (res.status !== 303) throw new Error(`pay: ${res.status} ${await res.text()}`);
    return res.headers.get('location')!;
  };
  /** Starts a checkout as the owner and pays it; returns the success URL. */
  const upgrade = async (plan: 'starter' | 'premium', who: Who = t.owner): Promise<string> => {
    const res = await call(who, 'POST', '/api/subscription/checkout', { plan });
    if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
    return pay(String(res.body.checkoutUrl));
  };
  const company = async () => (await t.db.companies.get(t.companyId))!;
  const close = async () => {
    await fake.webhooks.idle();
    await served.close();
    await stripeServer.close();
    await t.close();
  };
  return { ...t, fake, stripeUrl: stripeServer.url, appUrl: served.url, call, pay, upgrade, company, close };
}

/** The app with no store, and a signed-in owner of a trial company. */
async function plainApp(billing: (db: Database) => ReturnType<ReturnType<typeof billingAt>>) {
  const t = await testApp({ billing });
  const owner = await signedInUser(t, 'Olive Owner');
  const teammate = async (role: 'admin' | 'member') => {
    const mate = testUser(`Tess ${role}`);
    await t.db.users.create({ companyId: owner.companyId, email: mate.email, firebaseUid: mate.sub, role });
    return mate;
  };
  return { ...t, owner, companyId: owner.companyId, teammate, setLimit: (productLimit: number) => t.db.companies.update(owner.companyId, { productLimit }) };
}

export type BillingApp = Awaited<ReturnType<typeof billingApp>>;
