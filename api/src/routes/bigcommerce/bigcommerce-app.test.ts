/**
 * Installed from BigCommerce (issue 34), against the demo store's side of it (its control panel,
 * its /oauth2/token and its signed payloads): the install makes the installer the owner of a
 * trial company with the store connected, synced and signed in by a one-time code; a load signs
 * in the owner, and the staff user as a new member; every bad payload is a 401 with nothing
 * written; remove_user moves the staff user out (never the owner); uninstall stops pending
 * orders with the reason and forgets the token; installing again brings the company back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@catalog/listen/free-port';
import { listen, type Listening } from '@catalog/listen';
import { appPayloadClaims, DEMO_STORE, signAppPayload, storeUser, storeUserEmail } from '@catalog/demo-store';
import { bigCommerceUid, UNINSTALLED_REASON } from '@catalog/contracts/bigcommerce-app';
import { DEFAULT_PLAN, PLANS } from '@catalog/contracts/plans';
import { commerceAt, emulatorToken, TEST_BIGCOMMERCE_APP, testApp } from '../../testing/test-app';
import { startDemoStore, type TestStore } from '../../testing/store-fixture';

let APP_URL: string;
let store: TestStore;
let t: Awaited<ReturnType<typeof testApp>>;
let served: Listening;

beforeAll(async () => {
  // The app listens, so the control panel's remove_user and uninstall reach it as BigCommerce's servers do.
  const port = await freePort();
  APP_URL = `http://127.0.0.1:${port}`;
  store = await startDemoStore({ stores: [{ ...DEMO_STORE, products: 12 }, { hash: 'acme', accessToken: 'acme-token', products: 4 }], app: { clientId: TEST_BIGCOMMERCE_APP.clientId, clientSecret: TEST_BIGCOMMERCE_APP.clientSecret, appUrl: APP_URL } });
  t = await testApp({ commerce: commerceAt(store.url), bigcommerceApp: { loginUrl: store.url, redirectUri: `${APP_URL}/bigcommerce/auth` }, storeWebhookUrl: APP_URL });
  served = await listen(t.app, { port });
});
afterAll(async () => {
  await served?.close();
  await t?.close();
  await store?.close();
});

const unescapeHtml = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** Confirms the install in the demo control panel: the auth callback's path and query, as the iframe would load it. */
async function consent(as: 'owner' | 'staff' = 'owner', hash = 'demo'): Promise<string> {
  const res = await store.app.request(`/manage/install?store=${hash}&as=${as}`, { method: 'POST' });
  expect(res.status).toBe(200);
  const src = new URL(unescapeHtml(/<iframe src="([^"]+)"/.exec(await res.text())![1]!));
  expect(src.origin + src.pathname).toBe(`${APP_URL}/bigcommerce/auth`);
  return src.pathname + src.search;
}

/** The code in a redirect to /sign-in/code#code=... */
function codeOf(res: Response): string {
  expect(res.status).toBe(302);
  const location = res.headers.get('location') ?? '';
  expect(location).toMatch(/^\/sign-in\/code#code=[A-Za-z0-9_-]{43}$/);
  return location.split('#code=')[1]!;
}

/** Trades a code for a custom token; the uid it signs in, and headers with an ID token for it (as Firebase would issue). */
async function signIn(code: string) {
  const res = await t.app.request('/api/bigcommerce/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
  expect(res.status).toBe(200);
  const { customToken } = (await res.json()) as { customToken: string };
  const uid = (JSON.parse(Buffer.from(customToken.split('.')[1]!, 'base64url').toString()) as { uid: string }).uid;
  const idToken = emulatorToken({ sub: uid, firebase: { sign_in_provider: 'custom' } } as Parameters<typeof emulatorToken>[0]);
  return { uid, headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' } };
}

const payload = (role: 'owner' | 'staff', change: (claims: Record<string, unknown>) => void = () => {}, secret = TEST_BIGCOMMERCE_APP.clientSecret, hash = 'demo') => {
  const claims = appPayloadClaims({ clientId: TEST_BIGCOMMERCE_APP.clientId, hash, user: storeUser(hash, role), nowMs: Date.now() }) as unknown as Record<string, unknown>;
  change(claims);
  return signAppPayload(secret, claims);
};
const load = (jwt: string) => t.app.request(`/bigcommerce/load?signed_payload_jwt=${encodeURIComponent(jwt)}`);

/** The signed-in user, with their company's id (from their row: the answer names the company, not its id). */
async function me(headers: Record<string, string>) {
  const res = await t.app.request('/api/auth/user', { headers });
  expect(res.status).toBe(200);
  const user = (await res.json()) as { id: string; role: string; email: string };
  const row = await t.db.users.getByEmail(user.email);
  return { role: user.role, email: user.email, companyId: row?.companyId };
}

let owner: Awaited<ReturnType<typeof signIn>>;
let companyId: string;
/** The first install's auth callback, as the iframe loaded it. */
let firstInstall: string;

describe('installing from BigCommerce', () => {
  it('makes the installer the owner of a trial company with the store connected, syncs it, and signs them in', async () => {
    firstInstall = await consent();
    const res = await t.app.request(firstInstall);
    owner = await signIn(codeOf(res));
    expect(owner.uid).toBe(bigCommerceUid('demo', 1001));
    const user = await me(owner.headers);
    expect(user).toMatchObject({ role: 'owner', email: storeUserEmail('owner', 'demo') });
    companyId = user.companyId!;
    const settings = (await (await t.app.request('/api/settings', { headers: owner.headers })).json()) as { storeHash: string; accessToken: string; clientId: string };
    expect(settings).toMatchObject({ storeHash: 'demo', clientId: TEST_BIGCOMMERCE_APP.clientId });
    expect(settings.accessToken).toMatch(/^•+/);
    // The first sync ran on its own.
    await expect.poll(() => t.db.products.count(companyId), { timeout: 10_000 }).toBe(PLANS[DEFAULT_PLAN].productLimit);
    expect((await t.db.bigcommerceApp.installation('demo'))?.companyId).toBe(companyId);
  });

  it('uses a sign-in code once', async () => {
    const code = codeOf(await load(payload('owner')));
    await signIn(code);
    const again = await t.app.request('/api/bigcommerce/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    expect(again.status).toBe(401);
  });

  it('refuses an auth callback without a code, or with one BigCommerce will not exchange, with a page that says so', async () => {
    const missing = await t.app.request('/bigcommerce/auth?context=stores/demo&scope=x');
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('did not send an authorization code');
    const reused = await t.app.request(firstInstall);
    expect(reused.status).toBe(502);
    expect(reused.headers.get('content-type')).toContain('text/html');
    expect(await reused.text()).toContain('did not accept the authorization code');
  });
});

describe('loading the app in the control panel', () => {
  it('signs the owner in, and the staff user as a new member of the store\u2019s company', async () => {
    expect((await me((await signIn(codeOf(await load(payload('owner'))))).headers)).companyId).toBe(companyId);
    const staff = await signIn(codeOf(await load(payload('staff'))));
    expect(staff.uid).toBe(bigCommerceUid('demo', 1002));
    expect(await me(staff.headers)).toMatchObject({ role: 'member', companyId, email: storeUserEmail('staff', 'demo') });
  });

  const bad: Array<[string, () => string]> = [
    ['tampered', () => { const [h, p, s] = payload('owner').split('.'); return `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`; }],
    ['signed with alg none', () => {
      const [, p] = payload('owner').split('.');
      return `${Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'none' })).toString('base64url')}.${p}.`;
    }],
    ['signed with another secret', () => payload('owner', () => {}, 'not-the-client-secret')],
    ['for another audience', () => payload('owner', (c) => { c.aud = 'another-app'; })],
    ['from another issuer', () => payload('owner', (c) => { c.iss = 'not-bc'; })],
    ['expired', () => payload('owner', (c) => { c.exp = Math.floor(Date.now() / 1000) - 120; })],
    ['not yet valid', () => payload('owner', (c) => { c.nbf = Math.floor(Date.now() / 1000) + 300; })],
    ['for a store that has not installed the app', () => payload('owner', (c) => { c.sub = 'stores/elsewhere'; })],
    ['without a jti', () => payload('owner', (c) => { delete c.jti; })],
  ];
  it.each(bad)('refuses a payload %s with 401, a page that says the link is not valid, and writes nothing', async (_name, make) => {
    const usersBefore = (await t.db.users.listByCompany(companyId)).length;
    const jwt = make();
    const res = await load(jwt);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toMatch(/not valid|not installed/);
    expect((await t.db.users.listByCompany(companyId)).length).toBe(usersBefore);
    // Its jti was not recorded: a good payload with the same jti is still accepted once.
    const jti = (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { jti?: string }).jti;
    if (jti) expect((await load(payload('owner', (c) => { c.jti = jti; }))).status).toBe(302);
  });

  it('refuses a replayed payload', async () => {
    const jwt = payload('owner');
    expect((await load(jwt)).status).toBe(302);
    const again = await load(jwt);
    expect(again.status).toBe(401);
  });

  it('lets BigCommerce\u2019s control panel frame the pages it loads, and nobody else', async () => {
    const res = await load(payload('owner'));
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors https://*.mybigcommerce.com');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });
});

describe('removing a user and uninstalling', () => {
  const callback = (path: string, jwt: string) => t.app.request(`/bigcommerce/${path}?signed_payload_jwt=${encodeURIComponent(jwt)}`);

  /** The control panel's forms, as the store owner. */
  const controlPanel = (action: string, form: Record<string, string> = {}) =>
    store.app.request(`/manage/${action}?store=demo&as=owner`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

  it('removes the staff user from the company, never the owner', async () => {
    expect((await controlPanel('remove-user', { user_id: '1002' })).status).toBe(200);
    const staff = await t.db.users.getByFirebaseUid(bigCommerceUid('demo', 1002));
    expect(staff?.companyId).not.toBe(companyId);
    expect(await t.db.bigcommerceApp.userOf('demo', 1002)).toBeNull();
    expect((await callback('remove_user', payload('owner'))).status).toBe(200);
    expect((await t.db.users.getByFirebaseUid(bigCommerceUid('demo', 1001)))?.companyId).toBe(companyId);
    expect((await callback('remove_user', payload('staff', (c) => { c.aud = 'x'; }))).status).toBe(401);
  });

  it('stops pending orders with the reason, forgets the token, keeps the data, and a load is refused after', async () => {
    const [product] = await t.db.products.getByExternalIds(companyId, (await t.db.products.listExternalIds(companyId)).slice(0, 1));
    const { order } = await t.db.workOrders.create(companyId, {
      title: 'Later', storeHash: 'demo', scheduledAt: new Date(Date.now() + 86_400_000),
      productUpdates: [{ productId: product!.id, externalProductId: product!.externalId, productName: product!.name, newRegularPriceCents: 100 }],
    });
    expect((await controlPanel('uninstall')).status).toBe(200);
    const stopped = await t.db.workOrders.get(companyId, order.id);
    expect(stopped).toMatchObject({ status: 'failed', error: UNINSTALLED_REASON });
    expect(await t.db.settings.get(companyId)).toBeNull();
    expect((await t.db.bigcommerceApp.installation('demo'))?.uninstalledAt).toBeInstanceOf(Date);
    expect(await t.db.products.count(companyId)).toBe(PLANS[DEFAULT_PLAN].productLimit);
    const refused = await load(payload('owner'));
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('not installed');
  });

  it('brings the company back when installed again, following store/app/uninstalled too', async () => {
    const back = await signIn(codeOf(await t.app.request(await consent())));
    expect((await me(back.headers)).companyId).toBe(companyId);
    expect((await t.db.settings.get(companyId))?.storeHash).toBe('demo');
    expect((await t.db.bigcommerceApp.installation('demo'))?.uninstalledAt).toBeNull();
  });

  it('takes the store/app/uninstalled webhook alone as an uninstall', async () => {
    // The install registered it among the app's hooks: one delivery goes out.
    expect(store.store.account('demo')!.hooks.emit('store/app/uninstalled', { type: 'store' }, TEST_BIGCOMMERCE_APP.clientId)).toBe(1);
    await expect.poll(async () => (await t.db.bigcommerceApp.installation('demo'))?.uninstalledAt, { timeout: 5_000 }).toBeInstanceOf(Date);
    expect(await t.db.settings.get(companyId)).toBeNull();
  });
});

describe('adopting an installation', () => {
  it('lets the owner of the company that uses the store, signed in, adopt an install made with their address', async () => {
    // A merchant who connected the store with a pasted token, signed in with the address the store's owner has in BigCommerce.
    const email = storeUserEmail('owner', 'acme');
    const merchant = { authorization: `Bearer ${emulatorToken({ sub: 'uid-acme-merchant', email, email_verified: true })}`, 'content-type': 'application/json' };
    const connected = await t.app.request('/api/settings', { method: 'POST', headers: merchant, body: JSON.stringify({ storeHash: 'acme', accessToken: 'acme-token', clientId: 'private-app' }) });
    expect(connected.status).toBe(200);
    const merchantCompany = (await me(merchant)).companyId;

    // The install does not make a second account for the address: its page offers adoption.
    const page = await t.app.request(await consent('owner', 'acme'));
    expect(page.status).toBe(409);
    const html = unescapeHtml(await page.text());
    const code = /href="\/adopt-installation#code=([^"]+)"/.exec(html)?.[1];
    expect(code).toBeDefined();
    expect(html).toContain('Sign in to adopt this installation');
    expect(await t.db.bigcommerceApp.installation('acme')).toBeNull();

    const adopt = (headers: Record<string, string>, body: unknown) => t.app.request('/api/bigcommerce/adopt', { method: 'POST', headers, body: JSON.stringify(body) });
    expect((await adopt(merchant, { code: `${code!.slice(0, -4)}AAAA` })).status).toBe(400);
    const adopted = await adopt(merchant, { code });
    expect(adopted.status).toBe(200);
    expect(await adopted.json()).toEqual({ storeHash: 'acme' });
    expect((await adopt(merchant, { code })).status).toBe(400);
    expect((await t.db.bigcommerceApp.installation('acme'))?.companyId).toBe(merchantCompany);

    // From now on the store's owner opens the app from BigCommerce as that same account.
    const loaded = await signIn(codeOf(await load(payload('owner', () => {}, TEST_BIGCOMMERCE_APP.clientSecret, 'acme'))));
    expect(loaded.uid).toBe('uid-acme-merchant');
  });
});
