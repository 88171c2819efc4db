import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { SettingsResponse } from '@catalog/contracts/settings';
import { DEMO_STORE } from '@catalog/demo-store';
import { generateAppSecret } from '../../lib/secrets';
import { commerceAt, testApp, testUser } from '../../testing/test-app';
import { closedPortUrl, connectedApp, postSync, readSyncEvents, startDemoStore, type TestStore } from '../../testing/store-fixture';

/** A second store whose token is long enough to show its last 4 characters. */
const SHOP = { hash: 'abc123', accessToken: 'tok_live_7f3c9e2d41b8a6c0ab12', clientId: 'shop-client' };
const form = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ storeHash: SHOP.hash, accessToken: SHOP.accessToken, clientId: SHOP.clientId, ...extra });

let store: TestStore;
const cleanups: Array<() => Promise<void> | void> = [];
beforeAll(async () => {
  store = await startDemoStore({
    stores: [{ ...DEMO_STORE, products: 40 }, { hash: SHOP.hash, accessToken: SHOP.accessToken, clientId: SHOP.clientId, products: 20 }],
  });
});
afterAll(async () => store.close());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function make() {
  const t = await connectedApp(store, { connect: false });
  cleanups.push(t.close);
  return t;
}
const post = (t: Awaited<ReturnType<typeof make>>, headers: Record<string, string>, body: string) =>
  t.app.request('/api/settings', { method: 'POST', headers, body });
const read = async (t: Awaited<ReturnType<typeof make>>, headers: Record<string, string>) =>
  SettingsResponse.parse(await (await t.app.request('/api/settings', { headers })).json());
const errorOf = async (res: Response) => ErrorBody.parse(await res.json()).error;

describe('GET /api/settings', () => {
  it('answers null before a store is connected', async () => {
    const t = await make();
    expect(await read(t, t.owner.headers)).toBeNull();
  });
});

describe('POST /api/settings', () => {
  it('saves checked credentials and shows the token only masked, to every role', async () => {
    const t = await make();
    const res = await post(t, t.owner.headers, form({ showStockStatus: true }));
    expect(res.status).toBe(200);
    const expected = {
      storeHash: SHOP.hash, accessToken: '••••••••ab12', clientId: SHOP.clientId,
      showStockStatus: true, showInvisibleProducts: false, lastSyncAt: null,
    };
    expect(SettingsResponse.parse(await res.json())).toEqual(expected);
    const member = await t.teammate('member');
    expect(await read(t, member.headers)).toEqual(expected);
  });

  it('trims the fields and asks for all three credentials', async () => {
    const t = await make();
    const res = await post(t, t.owner.headers, form({ storeHash: `  ${SHOP.hash} `, clientId: '   ' }));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION', message: 'Please fill in all required fields', fields: { clientId: 'Please fill in all required fields' } });
    expect((await post(t, t.owner.headers, form({ storeHash: `  ${SHOP.hash} ` }))).status).toBe(200);
    expect((await read(t, t.owner.headers))?.storeHash).toBe(SHOP.hash);
  });

  it('lets admins save and refuses members with 403', async () => {
    const t = await make();
    const admin = await t.teammate('admin');
    const member = await t.teammate('member');
    const refused = await post(t, member.headers, form());
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: 'FORBIDDEN', message: 'Only owners and admins can change store settings' });
    expect(await read(t, t.owner.headers)).toBeNull();
    expect((await post(t, admin.headers, form())).status).toBe(200);
  });

  it('says which credential the store rejected, and writes nothing', async () => {
    const t = await make();
    const wrongToken = await post(t, t.owner.headers, form({ accessToken: 'tok_wrong_0000000000' }));
    expect(wrongToken.status).toBe(400);
    expect(await errorOf(wrongToken)).toEqual({
      code: 'VALIDATION',
      message: 'The store rejected these credentials: check the access token',
      fields: { accessToken: 'The store rejected these credentials: check the access token' },
    });
    const wrongHash = await post(t, t.owner.headers, form({ storeHash: 'nosuchstore' }));
    expect(wrongHash.status).toBe(400);
    expect(await errorOf(wrongHash)).toMatchObject({ message: 'No store found with this store hash', fields: { storeHash: 'No store found with this store hash' } });
    expect(await read(t, t.owner.headers)).toBeNull();
    expect(await t.db.settings.get(t.companyId)).toBeNull();
  });

  it('answers 502 UPSTREAM when the store cannot be reached', async () => {
    const t = await testApp({ commerce: commerceAt(await closedPortUrl()) });
    cleanups.push(t.close);
    const owner = testUser();
    const res = await t.app.request('/api/settings', { method: 'POST', headers: owner.headers, body: form() });
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toMatchObject({ code: 'UPSTREAM', message: 'Could not reach the store: ECONNREFUSED' });
  });

  it('keeps the saved token when the masked one comes back, without asking the store again', async () => {
    const t = await make();
    await post(t, t.owner.headers, form());
    const before = store.store.stats.requests;
    const res = await post(t, t.owner.headers, form({ accessToken: '••••••••ab12', showInvisibleProducts: true }));
    expect(res.status).toBe(200);
    expect(store.store.stats.requests).toBe(before);
    expect(await read(t, t.owner.headers)).toMatchObject({ accessToken: '••••••••ab12', showInvisibleProducts: true });
    // The kept token still works against the store.
    const events = await readSyncEvents(await postSync(t.app, t.owner));
    expect(events.at(-1)).toMatchObject({ kind: 'result' });
  });

  it('refuses a masked token when none is saved', async () => {
    const t = await make();
    const res = await post(t, t.owner.headers, form({ accessToken: '••••••••ab12' }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ accessToken: 'Please enter the access token' });
  });

  it('starts the catalog afresh when another store is connected', async () => {
    const t = await make();
    await post(t, t.owner.headers, form());
    await readSyncEvents(await postSync(t.app, t.owner));
    expect(await t.db.products.count(t.companyId)).toBe(5);
    expect((await t.db.priceLists.listLists(t.companyId)).length).toBeGreaterThan(0);
    const other = JSON.stringify({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, clientId: DEMO_STORE.clientId });
    expect((await post(t, t.owner.headers, other)).status).toBe(200);
    expect(await t.db.products.count(t.companyId)).toBe(0);
    // The other store's price lists go with its catalog (issue 35).
    expect(await t.db.priceLists.listLists(t.companyId)).toEqual([]);
    expect((await read(t, t.owner.headers))?.lastSyncAt).toBeNull();
  });
});

describe('the access token at rest', () => {
  it('never reaches the database file in plain text', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'settings-at-rest-'));
    const t = await connectedApp(store, { connect: false, databaseUrl: path.join(dir, 'app.db') });
    try {
      expect((await post(t, t.owner.headers, form())).status).toBe(200);
      const row = await t.db.settings.get(t.companyId);
      expect(row?.accessToken).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    } finally {
      await t.close();
    }
    const files = readdirSync(dir);
    expect(files).toContain('app.db');
    for (const file of files) {
      const bytes = readFileSync(path.join(dir, file));
      expect(bytes.includes(SHOP.accessToken)).toBe(false);
      expect(bytes.includes(Buffer.from(SHOP.accessToken, 'utf16le'))).toBe(false);
    }
    // The client id is kept in plain text: finding it shows the scan does read the saved row.
    expect(readFileSync(path.join(dir, 'app.db')).includes(SHOP.clientId)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks for the token again when APP_SECRET changed, instead of failing obscurely', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'settings-secret-'));
    const databaseUrl = path.join(dir, 'app.db');
    const before = await connectedApp(store, { connect: false, databaseUrl, appSecret: generateAppSecret() });
    expect((await post(before, before.owner.headers, form())).status).toBe(200);
    await before.close();

    const after = await testApp({ commerce: commerceAt(store.url), databaseUrl, appSecret: generateAppSecret() });
    cleanups.push(after.close);
    const headers = before.owner.headers;
    const shown = SettingsResponse.parse(await (await after.app.request('/api/settings', { headers })).json());
    expect(shown?.accessToken).toBe('••••••••');
    const sync = await after.app.request('/api/sync', { method: 'POST', headers });
    expect(sync.status).toBe(400);
    expect((await errorOf(sync)).message).toBe(
      'The saved access token can no longer be read (the server secret changed). Enter the access token again in Settings.',
    );
    // Entering it again fixes it.
    expect((await after.app.request('/api/settings', { method: 'POST', headers, body: form() })).status).toBe(200);
    const resync = await after.app.request('/api/sync', { method: 'POST', headers });
    expect((await readSyncEvents(resync)).at(-1)?.kind).toBe('result');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  });
});
