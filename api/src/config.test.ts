import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSecretFile, ConfigError, loadConfig, resolveAppSecret } from './config';

const SECRET = 'x'.repeat(40);

describe('configuration', () => {
  it('defaults to port 8787 and an SQLite file in the data directory', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(c.port).toBe(8787);
    expect(c.databaseUrl).toBe('/tmp/x/app.db');
  });

  it('reads the PostgreSQL pool size and statement timeout, with defaults, and refuses bad values', () => {
    const plain = loadConfig({});
    expect(plain.databasePoolMax).toBe(10);
    expect(plain.databaseStatementTimeoutMs).toBe(30_000);
    const set = loadConfig({ DATABASE_POOL_MAX: '25', DATABASE_STATEMENT_TIMEOUT_MS: '0' });
    expect(set.databasePoolMax).toBe(25);
    expect(set.databaseStatementTimeoutMs).toBe(0);
    expect(loadConfig({ DATABASE_POOL_MAX: '', DATABASE_STATEMENT_TIMEOUT_MS: ' ' })).toMatchObject({ databasePoolMax: 10, databaseStatementTimeoutMs: 30_000 });
    expect(() => loadConfig({ DATABASE_POOL_MAX: '1' })).toThrow(/DATABASE_POOL_MAX: must be at least 2/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: 'ten' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '2.5' })).toThrow(/DATABASE_POOL_MAX: must be a whole number/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS: must be 0 \(off\) or more/);
  });

  it('reads the app\u2019s registration in BigCommerce: both or neither, and a service account outside local mode', () => {
    expect(loadConfig({})).toMatchObject({ bigcommerceApp: undefined, controlPanelOrigins: ['https://*.mybigcommerce.com'] });
    const local = { BIGCOMMERCE_CLIENT_ID: 'id', BIGCOMMERCE_CLIENT_SECRET: 'secret', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(loadConfig(local).bigcommerceApp).toEqual({ clientId: 'id', clientSecret: 'secret', loginUrl: 'https://login.bigcommerce.com', serviceAccountFile: undefined });
    expect(loadConfig({ ...local, BIGCOMMERCE_LOGIN_URL: 'http://127.0.0.1:8788/' }).bigcommerceApp?.loginUrl).toBe('http://127.0.0.1:8788');
    expect(() => loadConfig({ BIGCOMMERCE_CLIENT_ID: 'id' })).toThrow(/BIGCOMMERCE_CLIENT_ID and BIGCOMMERCE_CLIENT_SECRET: set both/);
    expect(() => loadConfig({ BIGCOMMERCE_CLIENT_ID: 'id', BIGCOMMERCE_CLIENT_SECRET: 'secret' })).toThrow(/FIREBASE_SERVICE_ACCOUNT: required/);
    expect(loadConfig({ BIGCOMMERCE_CLIENT_ID: 'id', BIGCOMMERCE_CLIENT_SECRET: 'secret', FIREBASE_SERVICE_ACCOUNT: '/etc/sa.json' }).bigcommerceApp?.serviceAccountFile).toBe('/etc/sa.json');
    expect(loadConfig({ BIGCOMMERCE_CONTROL_PANEL_ORIGINS: 'https://*.mybigcommerce.com, http://127.0.0.1:8788' }).controlPanelOrigins)
      .toEqual(['https://*.mybigcommerce.com', 'http://127.0.0.1:8788']);
    expect(loadConfig({ BIGCOMMERCE_CONTROL_PANEL_ORIGINS: ' ' }).controlPanelOrigins).toEqual(['https://*.mybigcommerce.com']);
    expect(() => loadConfig({ BIGCOMMERCE_CONTROL_PANEL_ORIGINS: "'self' https://x.com" })).toThrow(/BIGCOMMERCE_CONTROL_PANEL_ORIGINS/);
    expect(() => loadConfig({ BIGCOMMERCE_CONTROL_PANEL_ORIGINS: 'https://x.com/path' })).toThrow(/BIGCOMMERCE_CONTROL_PANEL_ORIGINS/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses the Auth emulator in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebase.emulatorHost).toBe(
      '127.0.0.1:9099',
    );
  });

  it('points the store client at BigCommerce unless BIGCOMMERCE_API_URL says otherwise', () => {
    expect(loadConfig({}).bigcommerceApiUrl).toBe('https://api.bigcommerce.com');
    expect(loadConfig({ BIGCOMMERCE_API_URL: 'http://127.0.0.1:8788/' }).bigcommerceApiUrl).toBe('http://127.0.0.1:8788');
    expect(() => loadConfig({ BIGCOMMERCE_API_URL: 'not a url' })).toThrow(/BIGCOMMERCE_API_URL/);
  });

  it('reads the public origin (this server locally) and outgoing email only when set', () => {
    const plain = loadConfig({});
    expect(plain.publicUrl).toBe('http://localhost:8787');
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(plain.smtp).toBeUndefined();
    const set = loadConfig({ PUBLIC_URL: 'https://app.example.com/', SMTP_URL: 'smtp://user:pass@mail.example.com:587' });
    expect(set.publicUrl).toBe('https://app.example.com');
    expect(set.smtp).toEqual({ url: 'smtp://user:pass@mail.example.com:587', from: 'Catalog Pilot <no-reply@localhost>' });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com', SMTP_FROM: 'Team <team@example.com>' }).smtp?.from).toBe('Team <team@example.com>');
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL/);
    for (const odd of ['https://user:pw@app.example.com', 'https://app.example.com/?next=x', 'https://app.example.com/#x']) {
      expect(() => loadConfig({ PUBLIC_URL: odd })).toThrow(/PUBLIC_URL: must be an origin/);
    }
  });

  it('requires PUBLIC_URL in production, naming it (links never come from the request: issue 31)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET })).toThrow(/PUBLIC_URL: required when NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL: required/);
    // Both missing: both named at once.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET: required[^]*PUBLIC_URL: required/);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET, PUBLIC_URL: 'https://app.example.com/' }).publicUrl).toBe('https://app.example.com');
  });

  it('requires APP_SECRET in production, of at least 32 characters, and never prints it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET: required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET, PUBLIC_URL: 'https://app.example.com' }).appSecret).toBe(SECRET);
    let message = '';
    try {
      loadConfig({ APP_SECRET: 'too-short-secret' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/APP_SECRET: must be at least 32 characters/);
    expect(message).not.toContain('too-short-secret');
  });

  it('outside production, generates APP_SECRET into DATA_DIR/app-secret once and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'config-secret-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.appSecret).toBeUndefined();
    const first = resolveAppSecret(config);
    expect(first.source).toBe('generated');
    expect(statSync(appSecretFile(config)).mode & 0o777).toBe(0o600);
    expect(resolveAppSecret(config)).toEqual({ secret: first.secret, source: 'file' });
    expect(resolveAppSecret(loadConfig({ DATA_DIR: dir, APP_SECRET: SECRET }))).toEqual({ secret: SECRET, source: 'env' });
  });

  it('listens on every interface, but only on 127.0.0.1 in local mode unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('0.0.0.0');
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).host).toBe('127.0.0.1');
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('has the rate limits of the issue by default, each overridable (0: off) and checked', () => {
    expect(loadConfig({}).rateLimits).toEqual({ user: 600, sync: 6, workOrders: 120, invitations: 30, publicAddress: 60, webhooks: 3_000, webhookRefusals: 300 });
    expect(loadConfig({
      RATE_LIMIT_USER_PER_MINUTE: '1000',
      RATE_LIMIT_SYNC_PER_MINUTE: '2',
      RATE_LIMIT_WORK_ORDERS_PER_MINUTE: '0',
      RATE_LIMIT_INVITATIONS_PER_HOUR: '5',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '',
      RATE_LIMIT_WEBHOOKS_PER_MINUTE: '600',
      RATE_LIMIT_WEBHOOK_REFUSALS_PER_MINUTE: '0',
    }).rateLimits).toEqual({ user: 1000, sync: 2, workOrders: 0, invitations: 5, publicAddress: 60, webhooks: 600, webhookRefusals: 0 });
    expect(() => loadConfig({ RATE_LIMIT_SYNC_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_SYNC_PER_MINUTE: must be 0 \(off\) or more/);
    expect(() => loadConfig({ RATE_LIMIT_USER_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_USER_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_INVITATIONS_PER_HOUR: '2.5' })).toThrow(/RATE_LIMIT_INVITATIONS_PER_HOUR: must be a whole number/);
  });

  it('believes X-Forwarded-For only when TRUST_PROXY says how many proxies are in front', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be false, true, or the number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY: must be at most 10/);
  });

  it('leases a running work order for 30 s unless WORK_ORDER_LEASE_MS says otherwise, within 1 s to 1 h', () => {
    expect(loadConfig({}).workOrderLeaseMs).toBe(30_000);
    expect(loadConfig({ WORK_ORDER_LEASE_MS: '' }).workOrderLeaseMs).toBe(30_000);
    expect(loadConfig({ WORK_ORDER_LEASE_MS: '3000' }).workOrderLeaseMs).toBe(3_000);
    expect(() => loadConfig({ WORK_ORDER_LEASE_MS: '999' })).toThrow(/WORK_ORDER_LEASE_MS: must be at least 1000/);
    expect(() => loadConfig({ WORK_ORDER_LEASE_MS: '3600001' })).toThrow(/WORK_ORDER_LEASE_MS: must be at most 3600000/);
    expect(() => loadConfig({ WORK_ORDER_LEASE_MS: '1.5s' })).toThrow(/WORK_ORDER_LEASE_MS/);
  });

  it('works on 32 work orders and 16 store refreshes at once unless WORK_ORDERS_AT_ONCE / STORE_REFRESHES_AT_ONCE say otherwise', () => {
    expect(loadConfig({}).workOrdersAtOnce).toBe(32);
    expect(loadConfig({}).storeRefreshesAtOnce).toBe(16);
    expect(loadConfig({ WORK_ORDERS_AT_ONCE: '4', STORE_REFRESHES_AT_ONCE: ' ' }).workOrdersAtOnce).toBe(4);
    expect(loadConfig({ STORE_REFRESHES_AT_ONCE: '64' }).storeRefreshesAtOnce).toBe(64);
    expect(() => loadConfig({ WORK_ORDERS_AT_ONCE: '0' })).toThrow(/WORK_ORDERS_AT_ONCE: must be at least 1/);
    expect(() => loadConfig({ WORK_ORDERS_AT_ONCE: '2.5' })).toThrow(/WORK_ORDERS_AT_ONCE: must be a whole number/);
    expect(() => loadConfig({ STORE_REFRESHES_AT_ONCE: '1001' })).toThrow(/STORE_REFRESHES_AT_ONCE: must be at most 1000/);
    expect(() => loadConfig({ STORE_REFRESHES_AT_ONCE: 'many' })).toThrow(/STORE_REFRESHES_AT_ONCE/);
  });

  it('registers store webhooks at an https origin (STORE_WEBHOOK_URL, else PUBLIC_URL), over http only to this machine outside production', () => {
    expect(loadConfig({}).storeWebhookUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8787' }).storeWebhookUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com/x' }).storeWebhookUrl).toBe('https://app.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com', STORE_WEBHOOK_URL: 'https://hooks.example.com' }).storeWebhookUrl).toBe('https://hooks.example.com');
    expect(loadConfig({ STORE_WEBHOOK_URL: 'http://127.0.0.1:8787' }).storeWebhookUrl).toBe('http://127.0.0.1:8787');
    expect(() => loadConfig({ STORE_WEBHOOK_URL: 'http://app.example.com' })).toThrow(/STORE_WEBHOOK_URL: must be an https URL/);
    expect(() => loadConfig({ STORE_WEBHOOK_URL: 'http://127.0.0.1:8787', NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://app.example.com' })).toThrow(/STORE_WEBHOOK_URL/);
    // The local default of PUBLIC_URL (http://localhost:PORT) registers no webhooks: only an https one set explicitly does.
    expect(loadConfig({}).storeWebhookUrl).toBeUndefined();
    expect(() => loadConfig({ STORE_WEBHOOK_URL: 'not a url' })).toThrow(/STORE_WEBHOOK_URL/);
  });
});
