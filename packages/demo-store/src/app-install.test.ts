/**
 * The registered app's install, BigCommerce's side (auth.mdx, callbacks.mdx): the control panel's
 * auth callback URL, the token exchange at POST /oauth2/token (JSON or form; each refusal; a code
 * used once and for 5 minutes), the issued token on the store API until the app is uninstalled
 * or the store reset, and the signed_payload_jwt of the load callback, verified here with
 * node:crypto alone.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';
import { DEFAULT_APP_SCOPES, signAppPayload, STORE_USER_IDS } from './index';
import { DEMO_STORE } from './store-state';

// Nothing listens on port 9: the uninstall callback fails, and the store uninstalls anyway.
const APP = { clientId: 'app-client', clientSecret: 'app-secret', appUrl: 'http://127.0.0.1:9/app/' };
const AUTH_CALLBACK = 'http://127.0.0.1:9/app/bigcommerce/auth';
const SCOPE = DEFAULT_APP_SCOPES.join(' ');
let clock = Date.UTC(2026, 3, 1, 12);
const demo = createDemoStore({
  app: APP,
  now: () => clock,
  stores: [{ ...DEMO_STORE, products: 5 }, { hash: 'acme', accessToken: 'acme-token', products: 3 }],
});

const unescapeHtml = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
const iframeSrc = (page: string) => new URL(unescapeHtml(/<iframe src="([^"]+)"/.exec(page)?.[1] ?? 'missing:'));

/** Confirms the install in the control panel; the auth callback URL the iframe loads. */
async function confirmInstall(as: 'owner' | 'staff' = 'owner', store = 'demo'): Promise<URL> {
  const res = await demo.app.request(`/manage/install?store=${store}&as=${as}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return iframeSrc(await res.text());
}

const exchangeBody = (auth: URL) => ({
  client_id: APP.clientId,
  client_secret: APP.clientSecret,
  code: auth.searchParams.get('code') ?? '',
  context: auth.searchParams.get('context') ?? '',
  scope: auth.searchParams.get('scope') ?? '',
  grant_type: 'authorization_code',
  redirect_uri: AUTH_CALLBACK,
});

async function exchange(body: Record<string, string>, form = false) {
  const res = await demo.app.request('/oauth2/token', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const products = (token: string, store = 'demo') => demo.app.request(`/stores/${store}/v3/catalog/products`, { headers: { 'X-Auth-Token': token } });

describe('the token exchange', () => {
  beforeEach(() => demo.store.reset());

  it('hands the auth callback a code, the scopes, the context and the account, and exchanges the code for a token', async () => {
    const auth = await confirmInstall();
    expect(`${auth.origin}${auth.pathname}`).toBe(AUTH_CALLBACK);
    expect([...auth.searchParams.keys()]).toEqual(['code', 'scope', 'context', 'account_uuid']);
    expect(auth.searchParams.get('code')).toMatch(/^[a-z0-9]{16}$/);
    expect(auth.searchParams.get('scope')).toBe(SCOPE);
    expect(auth.searchParams.get('context')).toBe('stores/demo');
    expect(auth.href).toContain('context=stores%2Fdemo');

    const { status, body } = await exchange(exchangeBody(auth));
    expect(status).toBe(200);
    const owner = { id: STORE_USER_IDS.owner, username: 'owner@demo.demo-store.test', email: 'owner@demo.demo-store.test' };
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[a-z0-9]{31}$/),
      scope: SCOPE,
      user: owner,
      owner,
      context: 'stores/demo',
      account_uuid: auth.searchParams.get('account_uuid'),
    });
    expect(body.account_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await (await demo.app.request('/__admin/stores/demo/app')).json()).toMatchObject({
      installed: true,
      scopes: DEFAULT_APP_SCOPES,
      installedBy: STORE_USER_IDS.owner,
    });
  });

  it('takes a form-encoded request too, and names the staff user who installed as the user', async () => {
    const { status, body } = await exchange(exchangeBody(await confirmInstall('staff')), true);
    expect(status).toBe(200);
    expect(body.user).toEqual({ id: STORE_USER_IDS.staff, username: 'staff@demo.demo-store.test', email: 'staff@demo.demo-store.test' });
    expect(body.owner).toMatchObject({ id: STORE_USER_IDS.owner });
  });

  it('refuses a wrong client id or secret with 401 invalid_client', async () => {
    const good = exchangeBody(await confirmInstall());
    for (const wrong of [{ client_id: 'other' }, { client_secret: 'app-secreT' }, { client_secret: '' }]) {
      const { status, body } = await exchange({ ...good, ...wrong });
      expect(status).toBe(401);
      expect(body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    }
    // The code was not spent by the refused clients.
    expect((await exchange(good)).status).toBe(200);
  });

  it('refuses each mismatch with 400 and an OAuth error, and a code once spent', async () => {
    const refusals: Array<[Record<string, string>, string]> = [
      [{ grant_type: 'client_credentials' }, 'unsupported_grant_type'],
      [{ code: '' }, 'invalid_request'],
      [{ code: 'nosuchcode' }, 'invalid_grant'],
      [{ context: 'stores/acme' }, 'invalid_grant'],
      [{ context: 'stores/nowhere' }, 'invalid_grant'],
      [{ redirect_uri: 'http://127.0.0.1:9/app/auth' }, 'invalid_grant'],
      [{ scope: 'store_v2_products' }, 'invalid_grant'],
    ];
    for (const [change, error] of refusals) {
      const { status, body } = await exchange({ ...exchangeBody(await confirmInstall()), ...change });
      expect({ change, status, body }).toEqual({ change, status: 400, body: { error, error_description: expect.any(String) } });
    }
    const notJson = await demo.app.request('/oauth2/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'code=x' });
    expect([notJson.status, ((await notJson.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);

    // The scopes in another order are the same scopes; once used, the code is spent.
    const good = exchangeBody(await confirmInstall());
    expect((await exchange({ ...good, scope: [...DEFAULT_APP_SCOPES].reverse().join(' ') })).status).toBe(200);
    const again = await exchange(good);
    expect(again).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.stringMatching(/already used/) } });
    // A code refused for its redirect_uri is spent too.
    demo.store.reset();
    const wrongRedirect = exchangeBody(await confirmInstall());
    await exchange({ ...wrongRedirect, redirect_uri: 'http://elsewhere.test/bigcommerce/auth' });
    expect((await exchange(wrongRedirect)).status).toBe(400);
  });

  it('lets a code expire after 5 minutes', async () => {
    const fresh = exchangeBody(await confirmInstall());
    const stale = exchangeBody(await confirmInstall());
    clock += 5 * 60 * 1000 - 1;
    expect((await exchange(fresh)).status).toBe(200);
    clock += 1;
    expect(await exchange(stale)).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'The authorization code has expired.' } });
  });

  it('issues a token the store API takes, as its own fixed one, until the app is uninstalled', async () => {
    const { body } = await exchange(exchangeBody(await confirmInstall()));
    const token = String(body.access_token);
    expect((await products(token)).status).toBe(200);
    expect((await products(token, 'acme')).status).toBe(401);
    expect((await products('demo-token')).status).toBe(200);
    // Its webhooks belong to the app's API account.
    const hook = await demo.app.request('/stores/demo/v3/hooks', {
      method: 'POST',
      headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scope: 'store/app/uninstalled', destination: 'http://127.0.0.1:9/hooks' }),
    });
    expect(((await hook.json()) as { data: { client_id: string } }).data.client_id).toBe(APP.clientId);

    const page = await (await demo.app.request('/manage/uninstall?store=demo&as=owner', { method: 'POST' })).text();
    expect(page).toContain('The app was uninstalled and its access token revoked.');
    expect(page).toContain('did not answer');
    expect(page).toContain('>Install</a>');
    expect((await products(token)).status).toBe(401);
    expect((await products('demo-token')).status).toBe(200);
    expect(await (await demo.app.request('/__admin/stores/demo/hooks')).json()).toEqual([]);
  });

  it('forgets the install on reset, and keeps one token per store: a later exchange replaces it', async () => {
    const first = String((await exchange(exchangeBody(await confirmInstall()))).body.access_token);
    demo.store.reset();
    expect((await products(first)).status).toBe(401);
    // Two confirmations before either code is exchanged (two tabs): the later token wins.
    const [one, two] = [exchangeBody(await confirmInstall()), exchangeBody(await confirmInstall())];
    const older = String((await exchange(one)).body.access_token);
    const newer = String((await exchange(two)).body.access_token);
    const acme = String((await exchange(exchangeBody(await confirmInstall('owner', 'acme')))).body.access_token);
    expect([(await products(older)).status, (await products(newer)).status, (await products(acme, 'acme')).status]).toEqual([401, 200, 200]);
  });
});

describe('the signed_payload_jwt', () => {
  beforeEach(() => demo.store.reset());

  const loadPayload = async (as: 'owner' | 'staff') => {
    const res = await demo.app.request(`/manage/load?store=demo&as=${as}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/<iframe src="[^"]+" title="App app-client"><\/iframe>/);
    const src = iframeSrc(page);
    expect(`${src.origin}${src.pathname}`).toBe('http://127.0.0.1:9/app/bigcommerce/load');
    return src.searchParams.get('signed_payload_jwt') ?? '';
  };

  it('is HS256 over the documented claims, signed with the client secret, with a fresh jti each time', async () => {
    await exchange(exchangeBody(await confirmInstall()));
    const jwt = await loadPayload('owner');
    const [header = '', claims = '', signature = ''] = jwt.split('.');
    expect(Buffer.from(header, 'base64url').toString()).toBe('{"typ":"JWT","alg":"HS256"}');
    expect(signature).toBe(createHmac('sha256', APP.clientSecret).update(`${header}.${claims}`).digest('base64url'));
    const iat = Math.floor(clock / 1000);
    const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toEqual({
      aud: APP.clientId,
      iss: 'bc',
      iat,
      nbf: iat,
      exp: iat + 24 * 60 * 60,
      jti: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      sub: 'stores/demo',
      user: { id: STORE_USER_IDS.owner, email: 'owner@demo.demo-store.test', locale: 'en-US' },
      owner: { id: STORE_USER_IDS.owner, email: 'owner@demo.demo-store.test' },
      url: '/',
      channel_id: null,
    });
    expect(jwt).toBe(signAppPayload(APP.clientSecret, payload));

    const staff = JSON.parse(Buffer.from((await loadPayload('staff')).split('.')[1] ?? '', 'base64url').toString()) as typeof payload;
    expect(staff.user).toEqual({ id: STORE_USER_IDS.staff, email: 'staff@demo.demo-store.test', locale: 'en-US' });
    expect(staff.owner).toEqual(payload.owner);
    expect(staff.jti).not.toBe(payload.jti);
  });
});

describe('without a registered app', () => {
  it('answers the install endpoints with 503 naming the variables to set', async () => {
    const bare = createDemoStore({ products: 1 });
    const token = await bare.app.request('/oauth2/token', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(token.status).toBe(503);
    expect(await token.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/^No app is registered with this demo store/) });
    for (const path of ['/manage', '/manage/install', '/manage/load']) {
      const page = await bare.app.request(path);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('No app is registered with this demo store. Set DEMO_STORE_APP_CLIENT_ID');
    }
  });

  it('refuses a registration that is not valid', () => {
    expect(() => createDemoStore({ app: { ...APP, appUrl: 'ftp://x' } })).toThrow(/appUrl must be an http or https URL/);
    expect(() => createDemoStore({ app: { ...APP, clientSecret: '', scopes: [] } })).toThrow(/clientSecret .*; scopes/);
  });
});
