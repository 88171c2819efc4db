/**
 * Stripe's configuration (STRIPE_*): billing is off unless the secret key is set; with it, the
 * webhook secret and both prices are required; STRIPE_API_URL becomes the SDK's host, port and
 * protocol (the local stand-in), and empty values count as unset.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: 'whsec_local', STRIPE_PRICE_STARTER: 'price_starter', STRIPE_PRICE_PREMIUM: 'price_premium' };

describe('stripe configuration', () => {
  it('leaves billing off without a secret key', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_PRICE_STARTER: 'price_starter' }).stripe).toBeUndefined();
  });

  it('talks to api.stripe.com unless STRIPE_API_URL points elsewhere', () => {
    expect(loadConfig(STRIPE).stripe).toEqual({
      secretKey: 'sk_test_local', webhookSecret: 'whsec_local', prices: { starter: 'price_starter', premium: 'price_premium' }, api: undefined,
    });
    expect(loadConfig({ ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:8789' }).stripe?.api).toEqual({ host: '127.0.0.1', port: 8789, protocol: 'http' });
    expect(loadConfig({ ...STRIPE, STRIPE_API_URL: 'https://stripe.internal/' }).stripe?.api).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
    expect(() => loadConfig({ ...STRIPE, STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
  });

  it('names every setting a secret key needs', () => {
    let message = '';
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_PRICE_STARTER: 'price_starter' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
    expect(message).toMatch(/STRIPE_PRICE_PREMIUM: required/);
    expect(message).not.toMatch(/STRIPE_PRICE_STARTER/);
    expect(message).not.toContain('sk_test_local');
  });
});
