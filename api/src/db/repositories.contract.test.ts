/**
 * The repository contract, run on every dialect: SQLite in memory always, PostgreSQL too when
 * TEST_DATABASE_URL is set (each run in a fresh schema, dropped afterwards).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets as targets, openTarget } from '../testing/db-targets';
import { MAX_CENTS } from './catalog-plan';
import { IdentityConflictError, NotFoundError, UniqueViolationError } from './errors';
import type { Company, Database, ProductInput } from './repositories';

/** How the API renders cents ("19.90"); here only to show the stored integers read back exactly. */
const asDecimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@Example.com`;
const t0 = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

const product = (externalId: number, extra: Partial<ProductInput> = {}): ProductInput => ({
  externalId, name: `Product ${externalId}`, sku: `SKU-${externalId}`, category: 'Shoes > Running',
  regularPriceCents: 1990, salePriceCents: null, stock: 3, ...extra,
});

describe.each(targets)('repositories on $name', (target) => {
  let db: Database;
  let close = async () => {};
  let a: Company;
  let b: Company;

  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
    await db.ping();
    a = await db.companies.create({ name: 'Acme' });
    b = await db.companies.create({ name: 'Globex' });
  });
  afterAll(async () => {
    await close();
  });

  describe('companies', () => {
    it('creates with the spec defaults and updates plan, limit and name', async () => {
      const c = await db.companies.create({ name: 'New Co', now: t0 });
      expect(c).toMatchObject({ name: 'New Co', subscriptionPlan: 'trial', productLimit: 5, subscriptionStatus: 'active', catalogVersion: 0 });
      expect(c.createdAt).toEqual(t0);
      const updated = await db.companies.update(c.id, { subscriptionPlan: 'premium', productLimit: 1000, name: 'Renamed', stripeCustomerId: `cus_${c.id}` });
      expect(updated).toMatchObject({ subscriptionPlan: 'premium', productLimit: 1000, name: 'Renamed' });
      expect((await db.companies.getByStripeCustomerId(`cus_${c.id}`))?.id).toBe(c.id);
      expect(await db.companies.get('missing')).toBeNull();
    });
  });

  describe('users', () => {
    it('finds users by normalised email and firebase uid, and scopes id lookups to the company', async () => {
      const email = uniqueEmail('owner');
      const uid = `uid-${randomUUID()}`;
      const u = await db.users.create({ companyId: a.id, email, firebaseUid: uid, role: 'owner', firstName: 'Ada' });
      expect(u).toMatchObject({ email: email.toLowerCase(), role: 'owner', isActive: true, hasSeenWalkthrough: false });
      expect((await db.users.getByEmail(`  ${email.toUpperCase()} `))?.id).toBe(u.id);
      expect((await db.users.getByFirebaseUid(uid))?.id).toBe(u.id);
      expect((await db.users.getById(a.id, u.id))?.id).toBe(u.id);
      expect(await db.users.getById(b.id, u.id)).toBeNull();
      expect((await db.users.listByCompany(a.id)).map((x) => x.id)).toContain(u.id);
      expect((await db.users.listByCompany(b.id)).map((x) => x.id)).not.toContain(u.id);
    });

    it('updates only within the user\'s company', async () => {
      const u = await db.users.create({ companyId: a.id, email: uniqueEmail('member') });
      expect(await db.users.update(b.id, u.id, { role: 'admin' })).toBeNull();
      expect((await db.users.getById(a.id, u.id))?.role).toBe('member');
      expect(await db.users.update(a.id, u.id, { hasSeenWalkthrough: true, lastName: 'Lovelace' }))
        .toMatchObject({ hasSeenWalkthrough: true, lastName: 'Lovelace' });
    });

    it('provisions a new identity once, with its own trial company, even when 10 calls race', async () => {
      const uid = `uid-${randomUUID()}`;
      const email = uniqueEmail('first');
      const input = { firebaseUid: uid, email, emailVerified: true, firstName: 'Grace', lastName: 'Hopper', companyName: "Grace's company", subscriptionPlan: 'trial', productLimit: 5 };
      const results = await Promise.all(Array.from({ length: 10 }, () => db.users.provision(input)));
      expect(new Set(results.map((u) => u.id)).size).toBe(1);
      expect(new Set(results.map((u) => u.companyId)).size).toBe(1);
      const user = results[0]!;
      expect(user).toMatchObject({ role: 'owner', firstName: 'Grace', hasSeenWalkthrough: false, email: email.toLowerCase() });
      expect(await db.companies.get(user.companyId)).toMatchObject({ name: "Grace's company", subscriptionPlan: 'trial', productLimit: 5 });
      expect(await db.users.listByCompany(user.companyId)).toHaveLength(1);
    });

    const provisionInput = (firebaseUid: string, email: string, emailVerified: boolean) =>
      ({ firebaseUid, email, emailVerified, companyName: 'x', subscriptionPlan: 'trial', productLimit: 5 });

    it('links a new identity to the existing uid-less user with the same email when the email is verified', async () => {
      const email = uniqueEmail('invited');
      const existing = await db.users.create({ companyId: b.id, email, role: 'member' });
      const uid = `uid-${randomUUID()}`;
      const user = await db.users.provision(provisionInput(uid, email.toUpperCase(), true));
      expect(user).toMatchObject({ id: existing.id, companyId: b.id, role: 'member', firebaseUid: uid });
    });

    it('never links a uid-less user to an unverified email, and writes nothing; a verified token then links it', async () => {
      const email = uniqueEmail('waiting');
      const existing = await db.users.create({ companyId: b.id, email, role: 'member' });
      const uid = `uid-${randomUUID()}`;
      const refused = db.users.provision(provisionInput(uid, email, false));
      await expect(refused).rejects.toBeInstanceOf(IdentityConflictError);
      await expect(refused).rejects.toMatchObject({ reason: 'unverified' });
      expect(await db.users.getById(b.id, existing.id)).toEqual(existing);
      expect(await db.users.getByFirebaseUid(uid)).toBeNull();
      expect((await db.users.provision(provisionInput(uid, email, true))).id).toBe(existing.id);
    });

    it("refuses a new uid presenting another uid's email, verified or not, and leaves the owner's row as it was", async () => {
      const email = uniqueEmail('owner');
      const ownerUid = `uid-${randomUUID()}`;
      const owner = await db.users.provision({ ...provisionInput(ownerUid, email, true), companyName: 'Owned' });
      const companies = await Promise.all([db.companies.get(owner.companyId)]);
      for (const verified of [true, false]) {
        const intruder = `uid-${randomUUID()}`;
        const refused = db.users.provision(provisionInput(intruder, email.toUpperCase(), verified));
        await expect(refused).rejects.toMatchObject({ name: 'IdentityConflictError', reason: 'taken' });
        expect(await db.users.getByFirebaseUid(intruder)).toBeNull();
      }
      expect(await db.users.getByFirebaseUid(ownerUid)).toEqual(owner);
      expect(await db.users.listByCompany(owner.companyId)).toEqual([owner]);
      expect([await db.companies.get(owner.companyId)]).toEqual(companies);
    });

    it('rejects a duplicate email (any case) and a duplicate firebase uid', async () => {
      const email = uniqueEmail('dup');
      const uid = `uid-${randomUUID()}`;
      await db.users.create({ companyId: a.id, email, firebaseUid: uid });
      await expect(db.users.create({ companyId: b.id, email: email.toUpperCase() })).rejects.toBeInstanceOf(UniqueViolationError);
      await expect(db.users.create({ companyId: b.id, email: uniqueEmail('other'), firebaseUid: uid })).rejects.toBeInstanceOf(UniqueViolationError);
    });
  });

  describe('invitations', () => {
    it('keeps invitations to their company and rejects a duplicate token', async () => {
      const token = `tok-${randomUUID()}`;
      const email = uniqueEmail('invitee');
      const inv = await db.invitations.create(a.id, { email, token, expiresAt: at(7 * 86_400_000), now: t0 });
      expect(inv).toMatchObject({ status: 'pending', role: 'member', email: email.toLowerCase(), acceptedAt: null });
      await expect(db.invitations.create(b.id, { email, token, expiresAt: at(1000) })).rejects.toBeInstanceOf(UniqueViolationError);

      expect((await db.invitations.getByToken(token))?.id).toBe(inv.id);
      expect((await db.invitations.get(a.id, inv.id))?.id).toBe(inv.id);
      expect(await db.invitations.get(b.id, inv.id)).toBeNull();
      expect((await db.invitations.listByCompany(a.id)).map((i) => i.id)).toContain(inv.id);
      expect((await db.invitations.listByCompany(b.id)).map((i) => i.id)).not.toContain(inv.id);
      expect((await db.invitations.listByEmail(email.toUpperCase(), { status: 'pending' })).map((i) => i.id)).toEqual([inv.id]);

      expect(await db.invitations.updateStatus(b.id, inv.id, 'expired')).toBeNull();
      expect(await db.invitations.cancel(b.id, inv.id)).toBeNull();
      expect((await db.invitations.get(a.id, inv.id))?.status).toBe('pending');
    });

    it('cancels a pending or expired invitation into a tombstone no list shows; never an accepted or cancelled one (issue 31)', async () => {
      const c = await db.companies.create({ name: 'Cancel Co' });
      const email = uniqueEmail('cancelled');
      const invite = (address: string, expiresAt: Date, now: Date) => db.invitations.create(c.id, { email: address, token: `tok-${randomUUID()}`, expiresAt, now });
      const inv = await invite(email, at(1000), t0);
      const cancelled = await db.invitations.cancel(c.id, inv.id);
      expect(cancelled).toEqual({ ...inv, status: 'cancelled' });
      // Kept, by id, by company and by its token: the link can say it was cancelled.
      expect(await db.invitations.getByToken(inv.token)).toEqual(cancelled);
      expect(await db.invitations.getById(inv.id)).toEqual(cancelled);
      expect(await db.invitations.get(c.id, inv.id)).toEqual(cancelled);
      // Once only, and never accepted afterwards.
      expect(await db.invitations.cancel(c.id, inv.id)).toBeNull();
      const user = await db.users.create({ companyId: b.id, email });
      expect(await db.invitations.accept(c.id, inv.id, user.id, t0)).toBeNull();
      expect((await db.users.getById(b.id, user.id))?.companyId).toBe(b.id);

      // The same email invited again (no unique index stops it); lists show only the new one.
      const again = await invite(email, at(3000), at(1));
      const expired = await invite(uniqueEmail('expired'), at(-1), at(2));
      expect((await db.invitations.listByCompany(c.id)).map((i) => i.id)).toEqual([expired.id, again.id]);
      expect((await db.invitations.listByCompany(c.id, { status: 'pending' })).map((i) => i.id)).toEqual([expired.id, again.id]);
      expect((await db.invitations.listByCompany(c.id, { status: 'cancelled' })).map((i) => i.id)).toEqual([inv.id]);
      expect((await db.invitations.listByEmail(email)).map((i) => i.id)).toEqual([again.id]);
      expect((await db.invitations.listByEmail(email, { openAt: t0 })).map((i) => i.id)).toEqual([again.id]);

      // Expired (by time or as stored): cancelled too. Accepted: stays accepted.
      expect((await db.invitations.cancel(c.id, expired.id))?.status).toBe('cancelled');
      const stored = await invite(uniqueEmail('stored'), at(1000), at(3));
      await db.invitations.updateStatus(c.id, stored.id, 'expired');
      expect((await db.invitations.cancel(c.id, stored.id))?.status).toBe('cancelled');
      const joiner = await db.users.create({ companyId: b.id, email: uniqueEmail('joiner') });
      const taken = await invite(joiner.email, at(1000), at(4));
      expect(await db.invitations.accept(c.id, taken.id, joiner.id, t0)).not.toBeNull();
      expect(await db.invitations.cancel(c.id, taken.id)).toBeNull();
      expect((await db.invitations.get(c.id, taken.id))?.status).toBe('accepted');
      expect((await db.invitations.listByCompany(c.id)).map((i) => i.id)).toEqual([taken.id, again.id]);
    });

    it('accepts a pending invitation once, moving the user in with the invited role; never an expired one', async () => {
      const user = await db.users.create({ companyId: b.id, email: uniqueEmail('joiner'), role: 'owner' });
      const inv = await db.invitations.create(a.id, { email: user.email, role: 'admin', token: `tok-${randomUUID()}`, expiresAt: at(1000) });
      expect(await db.invitations.accept(b.id, inv.id, user.id, t0)).toBeNull();
      const accepted = await db.invitations.accept(a.id, inv.id, user.id, t0);
      expect(accepted).toMatchObject({ status: 'accepted', acceptedAt: t0 });
      expect(await db.users.getById(a.id, user.id)).toMatchObject({ companyId: a.id, role: 'admin' });
      expect(await db.invitations.accept(a.id, inv.id, user.id, t0)).toBeNull();

      const late = await db.invitations.create(a.id, { email: uniqueEmail('late'), token: `tok-${randomUUID()}`, expiresAt: at(1000) });
      const other = await db.users.create({ companyId: b.id, email: late.email });
      expect(await db.invitations.accept(a.id, late.id, other.id, at(1000))).toBeNull();
      expect((await db.users.getById(b.id, other.id))?.companyId).toBe(b.id);
    });
  });

  describe('settings', () => {
    it('upserts one row per company and never shows it to another company', async () => {
      const c = await db.companies.create({ name: 'Settings Co' });
      const other = await db.companies.create({ name: 'Other Co' });
      expect(await db.settings.get(c.id)).toBeNull();
      const s1 = await db.settings.upsert(c.id, { storeHash: 'abc123', accessToken: 'tok', clientId: 'cid', showStockStatus: true });
      expect(s1).toMatchObject({ storeHash: 'abc123', showStockStatus: true, showInvisibleProducts: false, lastSyncAt: null });
      const s2 = await db.settings.upsert(c.id, { storeHash: 'def456', accessToken: 'tok2', clientId: 'cid2' });
      expect(s2.id).toBe(s1.id);
      expect(s2).toMatchObject({ storeHash: 'def456', showStockStatus: true });
      expect(await db.settings.get(other.id)).toBeNull();
      expect(await db.settings.markSynced(other.id, t0)).toBe(false);
      expect(await db.settings.markSynced(c.id, t0)).toBe(true);
      expect((await db.settings.get(c.id))?.lastSyncAt).toEqual(t0);
    });
  });

  describe('products', () => {
    it('round-trips money exactly as integer cents', async () => {
      const c = await db.companies.create({ name: 'Money Co' });
      const prices = [1990, 1000, MAX_CENTS, 0];
      await db.products.upsertMany(c.id, prices.map((cents, i) => product(100 + i, {
        name: `P${i}`, regularPriceCents: cents, salePriceCents: cents,
        variants: [{ externalId: 900 + i, regularPriceCents: cents, salePriceCents: null, calculatedPriceCents: cents }],
      })));
      const rows = await db.products.list(c.id, { limit: 10, offset: 0 });
      expect(rows.map((p) => p.regularPriceCents)).toEqual(prices);
      expect(rows.map((p) => p.salePriceCents)).toEqual(prices);
      expect(rows.map((p) => p.variants[0]?.regularPriceCents)).toEqual(prices);
      expect(rows.map((p) => p.variants[0]?.salePriceCents)).toEqual([null, null, null, null]);
      expect(rows.map((p) => asDecimal(p.regularPriceCents))).toEqual(['19.90', '10.00', '99999999.99', '0.00']);

      await expect(db.products.upsertMany(c.id, [product(200, { regularPriceCents: MAX_CENTS + 1 })])).rejects.toBeInstanceOf(RangeError);
      await expect(db.products.upsertMany(c.id, [product(201, { regularPriceCents: 19.9 })])).rejects.toBeInstanceOf(RangeError);
      expect(await db.products.count(c.id)).toBe(4);
    });

    it('never reads another company\'s products, variants or categories', async () => {
      const c = await db.companies.create({ name: 'Scope A' });
      const d = await db.companies.create({ name: 'Scope B' });
      // The same store ids in two companies are two different products.
      await db.products.upsertMany(c.id, [product(1, { variants: [{ externalId: 11, regularPriceCents: 500 }] })]);
      await db.products.upsertMany(d.id, [product(1, { name: 'Other', category: 'Hats' })]);
      const [mine] = await db.products.list(c.id, { limit: 10, offset: 0 });
      expect(mine).toBeDefined();
      expect(await db.products.get(d.id, mine!.id)).toBeNull();
      expect(await db.products.getVariant(d.id, mine!.variants[0]!.id)).toBeNull();
      expect((await db.products.getVariant(c.id, mine!.variants[0]!.id))?.regularPriceCents).toBe(500);
      expect((await db.products.list(d.id, { limit: 10, offset: 0 })).map((p) => p.name)).toEqual(['Other']);
      expect(await db.products.categories(d.id)).toEqual(['Hats']);
      expect(await db.products.count(d.id, { search: 'product' })).toBe(0);
      expect((await db.products.changesSince(d.id, 0, 100)).changes.every((ch) => ch.kind === 'product' && ch.product.companyId === d.id)).toBe(true);
    });

    it('filters by search text, category subtree and visibility, and pages', async () => {
      const c = await db.companies.create({ name: 'Filter Co' });
      await db.products.upsertMany(c.id, [
        product(1, { name: 'Trail Runner', category: 'Shoes > Running > Trail' }),
        product(2, { name: 'Road Runner', category: 'Shoes > Running' }),
        product(3, { name: 'Sandal 100%', category: 'Shoes > Running Sandals', isVisible: false }),
        product(4, { name: 'Cap', sku: 'HAT_1', category: 'Hats' }),
      ]);
      expect((await db.products.list(c.id, { limit: 10, offset: 0, category: 'Shoes > Running' })).map((p) => p.externalId)).toEqual([2, 1]);
      expect((await db.products.list(c.id, { limit: 10, offset: 0, search: 'RUNNER' })).map((p) => p.externalId)).toEqual([2, 1]);
      expect((await db.products.list(c.id, { limit: 10, offset: 0, search: 'hat_' })).map((p) => p.externalId)).toEqual([4]);
      expect(await db.products.count(c.id, { search: '%' })).toBe(1);
      expect(await db.products.count(c.id, { visibleOnly: true })).toBe(3);
      expect((await db.products.list(c.id, { limit: 2, offset: 2 })).map((p) => p.name)).toEqual(['Sandal 100%', 'Trail Runner']);
      expect(await db.products.categories(c.id)).toEqual(['Hats', 'Shoes > Running', 'Shoes > Running > Trail', 'Shoes > Running Sandals']);
    });

    it('reads live products with live variants by external id, never tombstones or another company\'s', async () => {
      const c = await db.companies.create({ name: 'Lookup A' });
      const d = await db.companies.create({ name: 'Lookup B' });
      await db.products.upsertMany(c.id, [
        product(3, { variants: [{ externalId: 31, regularPriceCents: 700 }, { externalId: 32, regularPriceCents: null }] }),
        product(1),
        product(2),
      ]);
      await db.products.upsertMany(d.id, [product(4)]);
      await db.products.upsertMany(c.id, [product(3, { variants: [{ externalId: 32, regularPriceCents: null }] })]);
      await db.products.removeByExternalIds(c.id, [2]);
      const found = await db.products.getByExternalIds(c.id, [3, 2, 1, 4, 99, 3]);
      expect(found.map((p) => p.externalId)).toEqual([1, 3]);
      expect(found[1]!.variants.map((v) => [v.externalId, v.regularPriceCents])).toEqual([[32, null]]);
      expect(await db.products.getByExternalIds(c.id, [])).toEqual([]);
    });
  });

  describe('catalog change versions', () => {
    it('versions each changed row and returns only later changes, tombstones included', async () => {
      const c = await db.companies.create({ name: 'Sync Co' });
      const first = await db.products.upsertMany(c.id, [
        product(1, { variants: [{ externalId: 11, regularPriceCents: 100 }, { externalId: 12, regularPriceCents: 200 }] }),
        product(2),
        product(3),
      ]);
      expect(first).toMatchObject({ inserted: 3, updated: 0, unchanged: 0, version: 5 });
      const all = await db.products.changesSince(c.id, 0, 100);
      expect(all.changes.map((ch) => ch.version)).toEqual([1, 2, 3, 4, 5]);
      expect(all).toMatchObject({ cursor: 5, hasMore: false });

      // Unchanged input writes nothing and keeps the version.
      expect(await db.products.upsertMany(c.id, [product(2), product(3)])).toMatchObject({ unchanged: 2, version: 5 });
      expect((await db.products.changesSince(c.id, 5, 100)).changes).toEqual([]);

      // A price change, a dropped variant, and a delete: each a later version.
      const second = await db.products.upsertMany(c.id, [
        product(2, { regularPriceCents: 2490 }),
        product(1, { variants: [{ externalId: 11, regularPriceCents: 100 }] }),
      ]);
      expect(second).toMatchObject({ updated: 1, unchanged: 1, variantsDeleted: 1, version: 7 });
      const later = await db.products.changesSince(c.id, 5, 100);
      expect(later.changes.map((ch) => (ch.kind === 'product' ? ['product', ch.product.externalId, ch.product.deletedAt !== null]
        : ['variant', ch.variant.externalId, ch.variant.deletedAt !== null]))).toEqual([['product', 2, false], ['variant', 12, true]]);

      expect(await db.products.removeByExternalIds(c.id, [3, 999])).toBe(1);
      const afterRemove = await db.products.changesSince(c.id, 7, 100);
      expect(afterRemove.changes).toHaveLength(1);
      expect(afterRemove.changes[0]).toMatchObject({ kind: 'product', version: 8, product: { externalId: 3 } });
      expect(await db.products.listExternalIds(c.id)).toEqual([1, 2]);

      expect(await db.products.deleteAll(c.id)).toBe(2);
      expect(await db.products.count(c.id)).toBe(0);
      expect(await db.products.list(c.id, { limit: 10, offset: 0 })).toEqual([]);
      const tombstones = await db.products.changesSince(c.id, 8, 100);
      expect(tombstones.changes.map((ch) => ch.version)).toEqual([9, 10, 11]);
      expect(tombstones.changes.every((ch) => (ch.kind === 'product' ? ch.product.deletedAt : ch.variant.deletedAt) !== null)).toBe(true);
      expect((await db.companies.get(c.id))?.catalogVersion).toBe(11);

      // Syncing a deleted product again revives it with a new version.
      const revived = await db.products.upsertMany(c.id, [product(3)]);
      expect(revived).toMatchObject({ updated: 1, version: 12 });
      expect(await db.products.count(c.id)).toBe(1);
    });

    it('pages changes with a cursor that never skips or repeats a row', async () => {
      const c = await db.companies.create({ name: 'Paging Co' });
      await db.products.upsertMany(c.id, Array.from({ length: 25 }, (_, i) => product(i + 1, {
        variants: [{ externalId: 1000 + i, regularPriceCents: 100 + i }],
      })));
      const seen: number[] = [];
      let cursor = 0;
      for (let more = true; more;) {
        const page = await db.products.changesSince(c.id, cursor, 7);
        expect(page.changes.length).toBeLessThanOrEqual(7);
        seen.push(...page.changes.map((ch) => ch.version));
        ({ cursor, hasMore: more } = page);
      }
      expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });

    it('applies price edits atomically with new versions, and rejects another company\'s rows', async () => {
      const c = await db.companies.create({ name: 'Edit Co' });
      const d = await db.companies.create({ name: 'Edit Other' });
      await db.products.upsertMany(c.id, [product(1, { salePriceCents: 1500, variants: [{ externalId: 11, regularPriceCents: 900 }] })]);
      const [p] = await db.products.list(c.id, { limit: 1, offset: 0 });
      const variantId = p!.variants[0]!.id;
      const [after] = await db.products.setPrices(c.id, [
        { productId: p!.id, regularPriceCents: 2990, salePriceCents: null },
        { productId: p!.id, variantId, salePriceCents: 850 },
      ]);
      expect(after).toMatchObject({ regularPriceCents: 2990, salePriceCents: null, version: 3 });
      expect(after!.variants[0]).toMatchObject({ regularPriceCents: 900, salePriceCents: 850, version: 4 });
      await expect(db.products.setPrices(d.id, [{ productId: p!.id, regularPriceCents: 1 }])).rejects.toBeInstanceOf(NotFoundError);
      expect((await db.products.get(c.id, p!.id))?.regularPriceCents).toBe(2990);
    });
  });
});
