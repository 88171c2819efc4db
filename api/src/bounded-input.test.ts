/**
 * Bounded input, case by case (issue 14): a megabyte price is refused before any parsing, a
 * price string over 14 characters too; a NUL in a text field is a 400 VALIDATION naming the field
 * on SQLite and PostgreSQL alike (PostgreSQL refused it with a 500); a malformed percent-encoding
 * in a path or a query string is a 400, never a 500. The hostile-input suite tries the rest.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { MONEY_MESSAGE } from '@catalog/contracts/money';
import { testDatabase, dbTargets } from './testing/db-targets';
import { testApp, testUser } from './testing/test-app';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(options: { databaseUrl?: string; webDistDir?: string } = {}) {
  const t = await testApp(options);
  cleanups.push(t.close);
  const owner = testUser('Olive Owner');
  await t.app.request('/api/auth/user', { headers: owner.headers });
  const companyId = (await t.db.users.getByFirebaseUid(owner.sub))!.companyId;
  await t.db.products.upsertMany(companyId, [{ externalId: 101, name: 'Trail Runner', regularPriceCents: 5_000 }]);
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await t.app.request(url, { method, headers: owner.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  return { ...t, owner, call };
}

const errorOf = (body: unknown) => ErrorBody.parse(body).error;

describe('a price string', () => {
  it('of a million digits is answered 400 at once, without being parsed', async () => {
    const t = await setup();
    const price = '9'.repeat(1_000_000);
    const timings: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await t.call('PUT', '/api/products/101', { regularPrice: price });
      timings.push(performance.now() - started);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION', fields: { regularPrice: MONEY_MESSAGE } });
    }
    // Parsing it (BigInt of a million digits) took about 240 ms; reading a 1 MB body takes a few.
    expect(Math.min(...timings)).toBeLessThan(100);
  });

  it('of 15 characters is refused, even one that would read as a fine price', async () => {
    const t = await setup();
    const res = await t.call('PUT', '/api/products/101', { regularPrice: '000000000019.90' });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION', message: MONEY_MESSAGE, fields: { regularPrice: MONEY_MESSAGE } });
  });
});

describe.each(dbTargets)('a NUL character on $name', () => {
  it('in a work order title or a company name is a 400 VALIDATION naming the field', async () => {
    const database = await testDatabase({ file: true });
    cleanups.push(database.drop);
    const t = await setup({ databaseUrl: database.url });

    const order = await t.call('POST', '/api/work-orders', {
      title: 'Spring\u0000sale',
      productUpdates: [{ productId: 101, productName: 'Trail Runner', newRegularPrice: '55' }],
      executeImmediately: true,
    });
    expect(order.status).toBe(400);
    const orderError = errorOf(order.body);
    expect(orderError.code).toBe('VALIDATION');
    expect(orderError.message).toMatch(/^The title contains a character that is not allowed/);
    expect(Object.keys(orderError.fields ?? {})).toEqual(['title']);

    const renamed = await t.call('PUT', '/api/company/name', { name: 'Acme\u0000 Inc' });
    expect(renamed.status).toBe(400);
    expect(Object.keys(errorOf(renamed.body).fields ?? {})).toEqual(['name']);

    const sku = await t.call('POST', '/api/work-orders', {
      title: 'Spring sale',
      productUpdates: [{ productId: 101, productName: 'Trail\uD800Runner', newRegularPrice: '55' }],
      executeImmediately: true,
    });
    expect(sku.status).toBe(400);
    expect(Object.keys(errorOf(sku.body).fields ?? {})).toEqual(['productUpdates.0.productName']);
    expect(await t.db.workOrders.list((await t.db.users.getByFirebaseUid(t.owner.sub))!.companyId)).toEqual([]);
  });

  it('in an invitation token is not found, not a database error', async () => {
    const database = await testDatabase({ file: true });
    cleanups.push(database.drop);
    const t = await setup({ databaseUrl: database.url });
    expect((await t.call('GET', '/api/invitations/abc%00def')).status).toBe(404);
    expect((await t.call('POST', '/api/invitations/abc%00def/accept')).status).toBe(404);
  });
});

describe('a malformed percent-encoding', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body>app</body></html>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it.each(['/%E0', '/products/%E0%A4', '/%ZZ', '/api/%E0', '/api/products/%E0/variants', '/api/invitations/%ED%A0%80'])(
    'in the path %s is a 400 VALIDATION',
    async (url) => {
      const t = await setup({ webDistDir: dist });
      const res = await t.call('GET', url);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION', message: 'The address has a malformed percent-encoding' });
    },
  );

  it.each(['/api/products?q=%E0', '/api/products?search=%C0%80', '/api/health?%', '/?x=%E0'])('in the query string %s is a 400 VALIDATION', async (url) => {
    const t = await setup({ webDistDir: dist });
    const res = await t.call('GET', url);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION', message: 'The query string has a malformed percent-encoding' });
  });

  it('leaves well-formed encodings alone, and refuses a query string over 4096 characters', async () => {
    const t = await setup({ webDistDir: dist });
    expect((await t.call('GET', '/api/products?search=caf%C3%A9+%F0%9F%98%80')).status).toBe(200);
    const long = await t.call('GET', `/api/products?search=${'x'.repeat(4100)}`);
    expect(long.status).toBe(400);
    expect(errorOf(long.body).message).toBe('The query string is longer than 4096 characters');
  });
});
