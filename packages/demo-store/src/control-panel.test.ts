/**
 * The control panel at /manage: its pages (escaped, with a CSP framing only the app), the
 * install consent, the app framed for the signed-in user, and the server-side callbacks: a
 * receiver on 127.0.0.1 stands in for the app and records the remove_user and uninstall GETs
 * (their signed payloads checked with node:crypto) and the store/app/uninstalled webhook.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';
import type { DemoStore } from './demo-store';
import { STORE_USER_IDS } from './index';

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}
const received: Received[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    received.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body });
    res.setHeader('Content-Type', 'application/json');
    res.end('{"ok":true}');
  });
});

// A client id with markup in it: the pages must escape it.
const CLIENT_ID = 'app<"&>';
const SECRET = 'panel-secret';
let origin = '';
let demo: DemoStore;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  demo = createDemoStore({ products: 5, seed: 'panel', app: { clientId: CLIENT_ID, clientSecret: SECRET, appUrl: origin } });
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const unescapeHtml = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
const iframeSrc = (page: string) => new URL(unescapeHtml(/<iframe src="([^"]+)"/.exec(page)?.[1] ?? 'missing:'));
const page = async (path: string, init?: RequestInit) => {
  const res = await demo.app.request(path, init);
  return { status: res.status, csp: res.headers.get('Content-Security-Policy') ?? '', text: await res.text() };
};
const post = (path: string, form?: Record<string, string>) =>
  page(path, form ? { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() } : { method: 'POST' });

/** The claims of a signed_payload_jwt, once its HS256 signature is checked with the client secret. */
function verifiedClaims(jwt: string): Record<string, unknown> {
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  expect(signature).toBe(createHmac('sha256', SECRET).update(`${header}.${claims}`).digest('base64url'));
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}

/** Installs as the owner: confirm, then the app's exchange of the code; the access token. */
async function install(): Promise<string> {
  const auth = iframeSrc((await post('/manage/install?store=demo&as=owner')).text);
  const res = await demo.app.request('/oauth2/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_id: CLIENT_ID, client_secret: SECRET, grant_type: 'authorization_code', redirect_uri: `${origin}/bigcommerce/auth`,
      code: auth.searchParams.get('code'), context: auth.searchParams.get('context'), scope: auth.searchParams.get('scope'),
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('the control panel', () => {
  beforeEach(() => {
    demo.store.reset();
    received.length = 0;
  });

  it('shows the app to install, escaped, under a CSP that frames only the app', async () => {
    const { status, csp, text } = await page('/manage');
    expect(status).toBe(200);
    expect(csp).toBe(`default-src 'none'; style-src 'sha256-${csp.split("'sha256-")[1]?.split("'")[0]}'; frame-src ${origin}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`);
    expect(text).toContain('App <code>app&lt;&quot;&amp;&gt;</code>');
    expect(text).not.toContain(CLIENT_ID);
    expect(text).toContain('<a class="button" href="/manage/install?store=demo&amp;as=owner">Install</a>');
    expect(text).toContain('Signed in as Store owner (owner@demo.demo-store.test)');
    expect(text).toContain('href="/manage?store=demo&amp;as=staff">Sign in as the staff user</a>');
    expect((await page('/manage?as=staff')).text).toContain('Signed in as Staff user (staff@demo.demo-store.test)');
    expect((await page('/manage?store=nowhere')).status).toBe(404);
    expect((await page('/manage?as=admin')).status).toBe(400);
    expect((await page('/manage/load')).status).toBe(409);
  });

  it('asks for the scopes before installing, then frames the auth callback with the documented query', async () => {
    const consent = await page('/manage/install?store=demo&as=owner');
    for (const scope of ['store_v2_products', 'store_v2_customers_read_only', 'store_channel_settings_read_only', 'store_v2_information_read_only']) {
      expect(consent.text).toContain(`<li><code>${scope}</code></li>`);
    }
    expect(consent.text).toContain('<form method="post" action="/manage/install?store=demo&amp;as=owner"><button type="submit">Confirm</button></form>');
    const installing = await post('/manage/install?store=demo&as=owner');
    expect(installing.text).toMatch(/<iframe src="[^"]+" title="App install"><\/iframe>/);
    const auth = iframeSrc(installing.text);
    expect(`${auth.origin}${auth.pathname}`).toBe(`${origin}/bigcommerce/auth`);
    expect(Object.fromEntries(auth.searchParams)).toEqual({
      code: expect.stringMatching(/^[a-z0-9]{16}$/),
      scope: 'store_v2_products store_v2_customers_read_only store_channel_settings_read_only store_v2_information_read_only',
      context: 'stores/demo',
      account_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // Installed once the app has its token: Open and Uninstall; the owner may remove the staff user.
    await install();
    const owner = (await page('/manage?as=owner')).text;
    expect(owner).toContain('href="/manage/load?store=demo&amp;as=owner">Open</a>');
    expect(owner).toContain('action="/manage/uninstall?store=demo&amp;as=owner"');
    expect(owner).toContain(`<input type="hidden" name="user_id" value="${STORE_USER_IDS.staff}"><button type="submit" class="secondary">Remove access</button>`);
    expect((await page('/manage?as=staff')).text).not.toContain('Remove access');
    expect((await page('/manage/install')).status).toBe(409);
  });

  it('frames the load callback signed for the signed-in user', async () => {
    await install();
    for (const role of ['owner', 'staff'] as const) {
      const src = iframeSrc((await page(`/manage/load?store=demo&as=${role}`)).text);
      expect(`${src.origin}${src.pathname}`).toBe(`${origin}/bigcommerce/load`);
      const claims = verifiedClaims(src.searchParams.get('signed_payload_jwt') ?? '');
      expect(claims).toMatchObject({ aud: CLIENT_ID, sub: 'stores/demo', user: { id: STORE_USER_IDS[role] }, owner: { id: STORE_USER_IDS.owner } });
    }
  });

  it('removes the staff user: calls remove_user with them in the payload, and they can no longer open the app', async () => {
    await install();
    expect((await post('/manage/remove-user?store=demo&as=staff', { user_id: String(STORE_USER_IDS.staff) })).status).toBe(403);
    expect((await post('/manage/remove-user?store=demo&as=owner', { user_id: String(STORE_USER_IDS.owner) })).status).toBe(400);
    const removed = await post('/manage/remove-user?store=demo&as=owner', { user_id: String(STORE_USER_IDS.staff) });
    expect(removed.status).toBe(200);
    expect(removed.text).toContain('Staff user (staff@demo.demo-store.test) no longer has access to the app. The app&#39;s /bigcommerce/remove_user answered 200: {&quot;ok&quot;:true}.');
    expect(received.map((r) => [r.method, r.path])).toEqual([['GET', '/bigcommerce/remove_user']]);
    const claims = verifiedClaims(received[0]?.query.get('signed_payload_jwt') ?? '');
    expect(claims).toMatchObject({ iss: 'bc', user: { id: STORE_USER_IDS.staff, email: 'staff@demo.demo-store.test', locale: 'en-US' } });

    expect((await page('/manage/load?as=staff')).status).toBe(403);
    expect((await page('/manage?as=staff')).text).toContain('You do not have access to this app.');
    expect((await post('/manage/uninstall?as=staff')).status).toBe(403);
    expect(removed.text).toContain('>Give access</button>');
    await post('/manage/grant-user?store=demo&as=owner', { user_id: String(STORE_USER_IDS.staff) });
    expect((await page('/manage/load?as=staff')).status).toBe(200);
  });

  it('uninstalls: calls uninstall for the user, revokes the token, sends store/app/uninstalled to the app alone and deletes its hooks', async () => {
    const token = await install();
    const hook = (accessToken: string, scope: string, path: string) =>
      demo.app.request('/stores/demo/v3/hooks', {
        method: 'POST',
        headers: { 'X-Auth-Token': accessToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({ scope, destination: `${origin}${path}` }),
      });
    await hook(token, 'store/app/uninstalled', '/hooks/app');
    await hook(token, 'store/product/updated', '/hooks/app');
    // Another API account's hook on the same scope: not this app's news.
    await hook('demo-token', 'store/app/uninstalled', '/hooks/other');

    const done = await post('/manage/uninstall?store=demo&as=staff');
    expect(done.status).toBe(200);
    expect(done.text).toContain('The app was uninstalled and its access token revoked.');
    expect(done.text).toContain('store/app/uninstalled was sent to 1 webhook; the app&#39;s 2 webhooks were deleted.');
    expect(done.text).toContain('href="/manage/install?store=demo&amp;as=staff">Install</a>');
    await demo.store.webhooksSettled();

    expect(received.map((r) => [r.method, r.path])).toEqual([['GET', '/bigcommerce/uninstall'], ['POST', '/hooks/app']]);
    expect(verifiedClaims(received[0]?.query.get('signed_payload_jwt') ?? '')).toMatchObject({
      user: { id: STORE_USER_IDS.staff },
      owner: { id: STORE_USER_IDS.owner, email: 'owner@demo.demo-store.test' },
    });
    expect(JSON.parse(received[1]?.body ?? '')).toEqual({
      scope: 'store/app/uninstalled',
      store_id: expect.stringMatching(/^\d+$/),
      producer: 'stores/demo',
      data: { type: 'store' },
      hash: expect.stringMatching(/^[0-9a-f]{40}$/),
      created_at: expect.any(Number),
    });
    expect((await demo.app.request('/stores/demo/v3/catalog/products', { headers: { 'X-Auth-Token': token } })).status).toBe(401);
    const left = (await (await demo.app.request('/__admin/stores/demo/hooks')).json()) as Array<{ client_id: string }>;
    expect(left.map((h) => h.client_id)).toEqual(['demo-client']);
  });

  it('refuses a form posted from another site', async () => {
    const res = await page('/manage/install?store=demo&as=owner', { method: 'POST', headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    const crossSite = await page('/manage/install?store=demo&as=owner', { method: 'POST', headers: { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(demo.store.account('demo')?.install.describe().pendingCodes).toBe(0);
  });

  it('takes its own pages\u2019 forms, which send no referrer (Origin: null, Sec-Fetch-Site: same-origin)', async () => {
    const res = await page('/manage/install?store=demo&as=owner', { method: 'POST', headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' } });
    expect(res.status).toBe(200);
  });
});
