/**
 * GET /api/price-history/export (issue 36, item 5) on each database: every kind of price change
 * of the period with who or what made it (a manual edit, a work order and its approver, an undo
 * by whoever pressed it, an order's end, a store change seen by webhook or by a sync, a price
 * list record's change, and whether it created or deleted the record), the period's bounds, another company's changes never in it, keyset
 * pages read once each, 400s naming the field, and the roles the permission table refuses.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRICE_HISTORY_EXPORT_COLUMNS } from '@catalog/contracts/price-history-export';
import { whoCan } from '@catalog/contracts/permissions';
import type { NewPriceHistoryEntry } from '../../db/repositories';
import { downloadCsv } from '../../testing/csv-download';
import { signedInUser } from '../../testing/store-fixture';
import { testApp, testUser } from '../../testing/test-app';
import { AUDIT_PAGE, FORMER_MEMBER } from './price-history-audit-csv';

const at = (minute: number) => new Date(Date.UTC(2030, 2, 10, 12, minute));
const FROM = at(0).toISOString();
const TO = at(60).toISOString();
const col = (name: (typeof PRICE_HISTORY_EXPORT_COLUMNS)[number]) => PRICE_HISTORY_EXPORT_COLUMNS.indexOf(name);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function world() {
  const t = await testApp();
  cleanups.push(t.close);
  const owner = await signedInUser(t, 'Olive Owner');
  const stranger = await signedInUser(t, 'Stan Stranger');
  const person = async (name: string, role: 'admin' | 'member') => {
    const user = testUser(name);
    const row = await t.db.users.create({ companyId: owner.companyId, email: user.email, firebaseUid: user.sub, role });
    return { ...user, id: row.id };
  };
  const admin = await person('Ada Admin', 'admin');
  const member = await person('Max Member', 'member');
  await t.db.products.upsertMany(owner.companyId, [
    { externalId: 601, name: 'Boots', sku: 'BOOT', regularPriceCents: 5000, variants: [{ externalId: 6011, variantSku: '=BOOT-S', regularPriceCents: 4000 }] },
  ]);
  await t.db.products.upsertMany(stranger.companyId, [{ externalId: 701, name: 'Stranger secret kettle', regularPriceCents: 100 }]);
  const [boots] = await t.db.products.getByExternalIds(owner.companyId, [601]);
  const [kettle] = await t.db.products.getByExternalIds(stranger.companyId, [701]);
  const order = async (title: string, createdBy: string) =>
    (await t.db.workOrders.create(owner.companyId, { title, createdBy, productUpdates: [{ productId: boots!.id, productName: 'Boots' }] })).order;
  const get = (path: string, who: { headers: Record<string, string> } = owner) => downloadCsv(t.app, path, who.headers);
  return { t, owner, stranger, admin, member, boots: boots!, variant: boots!.variants[0]!, kettle: kettle!, order, get };
}

const price = (old: number, next: number): Partial<NewPriceHistoryEntry> => ({ oldRegularPriceCents: old, newRegularPriceCents: next, oldSalePriceCents: null, newSalePriceCents: null });

describe('GET /api/price-history/export', () => {
  it('lists every kind of change of the period, oldest first, with who or what made it', async () => {
    const w = await world();
    const approved = await w.order('Spring sale', w.member.id);
    await w.t.db.workOrders.update(w.owner.companyId, approved.id, { approvedBy: w.admin.id, approvedAt: at(4) });
    const undone = await w.order('Oops, too low', w.owner.id);
    await w.t.db.workOrders.update(w.owner.companyId, undone.id, { undoRequest: { trigger: 'manual', force: false, by: w.admin.id } });
    const ended = await w.order('Weekend sale', w.owner.id);
    await w.t.db.workOrders.update(w.owner.companyId, ended.id, { undoRequest: { trigger: 'end', force: false, by: null } });
    const leaver = testUser('Lee Leaver');
    const left = await w.t.db.users.create({ companyId: w.stranger.companyId, email: leaver.email, firebaseUid: leaver.sub, role: 'member' });
    const { id: productId } = w.boots;
    await w.t.db.priceHistory.add(w.owner.companyId, [
      { productId, changeType: 'manual', changedBy: w.owner.id, createdAt: at(1), ...price(5000, 4500) },
      { productId, variantId: w.variant.id, changeType: 'work_order', workOrderId: approved.id, changedBy: w.member.id, createdAt: at(5), ...price(4000, 3600) },
      // The executor records an undo under the order's creator: the export names who pressed Undo.
      { productId, changeType: 'undo', workOrderId: undone.id, changedBy: w.owner.id, createdAt: at(10), ...price(4500, 5000) },
      { productId, changeType: 'undo', workOrderId: ended.id, changedBy: w.owner.id, createdAt: at(15), ...price(5000, 5000), oldSalePriceCents: 3900 },
      { productId, changeType: 'webhook', createdAt: at(20), ...price(5000, 5200) },
      { productId, changeType: 'sync', createdAt: at(25), ...price(5200, 5100) },
      {
        productId, variantId: w.variant.id, changeType: 'work_order', workOrderId: ended.id, changedBy: w.owner.id, createdAt: at(30),
        ...price(3000, 2800), oldRetailPriceCents: 6000, newRetailPriceCents: 5500, priceListId: 7, currency: 'EUR',
      },
      { productId, changeType: 'manual', changedBy: left.id, createdAt: at(35), ...price(5100, 5150) },
      // A record made in the store, then deleted there (its customers pay the catalog's price again: unknown in EUR).
      { productId, variantId: w.variant.id, changeType: 'webhook', createdAt: at(40), ...price(4000, 3900), priceListId: 8, currency: 'USD', recordChange: 'created' },
      {
        productId, variantId: w.variant.id, changeType: 'sync', createdAt: at(45), oldRegularPriceCents: 2800, newRegularPriceCents: null,
        oldSalePriceCents: null, newSalePriceCents: null, priceListId: 7, currency: 'EUR', recordChange: 'deleted',
      },
    ]);

    const { res, text, rows } = await w.get(`/api/price-history/export?from=${FROM}&to=${TO}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="price-history-audit-2030-03-10-to-2030-03-10.csv"');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(rows[0]).toEqual([...PRICE_HISTORY_EXPORT_COLUMNS]);
    expect(rows.slice(1)).toEqual([
      [at(1).toISOString(), '601', 'Boots', 'BOOT', '', '', '', '50.00', '45.00', '', '', '', '', 'manual_edit', '', '', '', w.owner.email, ''],
      [at(5).toISOString(), '601', 'Boots', "'=BOOT-S", '6011', '', '', '40.00', '36.00', '', '', '', '', 'work_order', approved.id, 'Spring sale', w.admin.email, w.member.email, ''],
      [at(10).toISOString(), '601', 'Boots', 'BOOT', '', '', '', '45.00', '50.00', '', '', '', '', 'undo', undone.id, 'Oops, too low', '', w.admin.email, ''],
      [at(15).toISOString(), '601', 'Boots', 'BOOT', '', '', '', '50.00', '50.00', '39.00', '', '', '', 'order_end', ended.id, 'Weekend sale', '', w.owner.email, ''],
      [at(20).toISOString(), '601', 'Boots', 'BOOT', '', '', '', '50.00', '52.00', '', '', '', '', 'webhook', '', '', '', '', ''],
      [at(25).toISOString(), '601', 'Boots', 'BOOT', '', '', '', '52.00', '51.00', '', '', '', '', 'sync', '', '', '', '', ''],
      [at(30).toISOString(), '601', 'Boots', "'=BOOT-S", '6011', '7', 'EUR', '30.00', '28.00', '', '', '60.00', '55.00', 'work_order', ended.id, 'Weekend sale', '', w.owner.email, ''],
      // Moved to another company since: never their email.
      [at(35).toISOString(), '601', 'Boots', 'BOOT', '', '', '', '51.00', '51.50', '', '', '', '', 'manual_edit', '', '', '', FORMER_MEMBER, ''],
      [at(40).toISOString(), '601', 'Boots', "'=BOOT-S", '6011', '8', 'USD', '40.00', '39.00', '', '', '', '', 'webhook', '', '', '', '', 'created'],
      [at(45).toISOString(), '601', 'Boots', "'=BOOT-S", '6011', '7', 'EUR', '28.00', '', '', '', '', '', 'sync', '', '', '', '', 'deleted'],
    ]);
    expect(text).not.toContain(leaver.email);
  });

  it("holds the period's changes only (from included, to not) and never another company's", async () => {
    const w = await world();
    const entry = (minute: number, cents: number): NewPriceHistoryEntry => ({ productId: w.boots.id, changeType: 'sync', createdAt: at(minute), ...price(cents, cents + 1) });
    await w.t.db.priceHistory.add(w.owner.companyId, [entry(-1, 100), entry(0, 200), entry(59, 300), entry(60, 400)]);
    await w.t.db.priceHistory.add(w.stranger.companyId, [{ productId: w.kettle.id, changeType: 'sync', createdAt: at(30), ...price(900, 901) }]);
    const mine = await w.get(`/api/price-history/export?from=${FROM}&to=${TO}`);
    expect(mine.rows.slice(1).map((r) => r[col('old_regular_price')])).toEqual(['2.00', '3.00']);
    expect(mine.text).not.toContain('Stranger secret kettle');
    const theirs = await w.get(`/api/price-history/export?from=${FROM}&to=${TO}`, w.stranger);
    expect(theirs.rows.slice(1).map((r) => [r[col('product_id')], r[col('old_regular_price')]])).toEqual([['701', '9.00']]);
  });

  it('reads a long period in keyset pages, every change exactly once, changes of the same moment included', async () => {
    const w = await world();
    const count = AUDIT_PAGE * 2 + 500;
    // Three to a millisecond: page boundaries fall inside a moment.
    const entries = Array.from({ length: count }, (_, i): NewPriceHistoryEntry => ({
      productId: w.boots.id, changeType: 'webhook', createdAt: new Date(at(1).getTime() + Math.floor(i / 3)), ...price(i, i + 1),
    }));
    await w.t.db.priceHistory.add(w.owner.companyId, entries);
    const pages = vi.spyOn(w.t.db.priceHistory, 'listAuditPage');
    const { rows } = await w.get(`/api/price-history/export?from=${FROM}&to=${TO}`, w.admin);
    const olds = rows.slice(1).map((r) => Math.round(Number(r[col('old_regular_price')]) * 100));
    expect(olds.length).toBe(count);
    expect(new Set(olds).size).toBe(count);
    const dates = rows.slice(1).map((r) => r[col('changed_at')]!);
    expect(dates).toEqual([...dates].sort());
    expect(pages).toHaveBeenCalledTimes(3);
    for (const [, opts] of pages.mock.calls) expect(opts.limit).toBe(AUDIT_PAGE);
  });

  it('is for owners and admins: a member gets 403 with the permission table\u2019s message, nobody signed in 401', async () => {
    const w = await world();
    const path = `/api/price-history/export?from=${FROM}&to=${TO}`;
    expect((await w.get(path, w.admin)).res.status).toBe(200);
    const refused = await w.get(path, w.member);
    expect(refused.res.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: 'FORBIDDEN', message: whoCan('priceHistory.export') } });
    expect((await w.t.app.request(path)).status).toBe(401);
  });

  it.each([
    ['from=yesterday', 'from', 'The start must be a date and time like 2025-03-01T00:00:00Z'],
    ['to=2030-13-01T00:00:00Z', 'to', 'The end must be a date and time like 2025-03-01T00:00:00Z'],
    ['from=2030-03-02T00:00:00Z&to=2030-03-01T00:00:00Z', 'from', 'The start must be before the end'],
    ['from=2030-03-01T00:00:00Z&to=2030-03-01T00:00:00Z', 'from', 'The start must be before the end'],
    ['from=2028-01-01T00:00:00Z&to=2030-01-01T00:00:00Z', 'from', 'A range is at most 366 days'],
    [`to=${'9'.repeat(500)}`, 'to', 'The end must be a date and time like 2025-03-01T00:00:00Z'],
  ])('refuses ?%s with 400 naming the field', async (query, field, message) => {
    const w = await world();
    const res = await w.t.app.request(`/api/price-history/export?${query}`, { headers: w.owner.headers });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION', message, fields: { [field]: message } } });
  });
});
