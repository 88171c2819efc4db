/**
 * The repository contract of the BigCommerce app's data (issue 34), on every dialect (SQLite
 * always, PostgreSQL with TEST_DATABASE_URL): installations (saved, found by store and by
 * company, uninstalled once, listed for the purge, installed again), the store's users, signed
 * payload ids accepted once (also when requests race) and one-time sign-in codes taken once.
 */
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget, openTestDatabaseAt, testDatabase } from '../testing/db-targets';
import { UniqueViolationError } from './errors';
import type { Database, InstallationInput } from './repositories';

const storeHash = () => `s${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const at = (iso: string) => new Date(iso);
const INSTALLED = at('2030-01-01T00:00:00.000Z');

describe.each(dbTargets)('BigCommerce app data on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  async function install(overrides: Partial<InstallationInput> = {}): Promise<InstallationInput> {
    const companyId = overrides.companyId ?? (await db.companies.create({ name: 'BC Store Co' })).id;
    const input: InstallationInput = {
      storeHash: storeHash(), companyId, ownerBcUserId: 4_100_000_001, accountUuid: randomUUID(),
      scopes: 'store_v2_products store_v2_information_read_only', installedAt: INSTALLED, ...overrides,
    };
    await db.bigcommerceApp.saveInstallation(input);
    return input;
  }

  async function user(companyId?: string) {
    const company = companyId ?? (await db.companies.create({ name: 'BC Users Co' })).id;
    return db.users.create({ companyId: company, email: `bc-${randomUUID()}@example.com` });
  }

  describe('installations', () => {
    it('saves an installation and finds it by store hash and by company', async () => {
      const input = await install({ accountUuid: null });
      const expected = { ...input, uninstalledAt: null };
      expect(await db.bigcommerceApp.installation(input.storeHash)).toEqual(expected);
      expect(await db.bigcommerceApp.installationOfCompany(input.companyId)).toEqual(expected);
      expect(await db.bigcommerceApp.installation(storeHash())).toBeNull();
      const other = await db.companies.create({ name: 'Token only' });
      expect(await db.bigcommerceApp.installationOfCompany(other.id)).toBeNull();
    });

    it('returns what it saved, large BigCommerce user ids included', async () => {
      const company = await db.companies.create({ name: 'Returned' });
      const input: InstallationInput = {
        storeHash: storeHash(), companyId: company.id, ownerBcUserId: 2 ** 40, accountUuid: 'acc-1', scopes: 'store_v2_default', installedAt: INSTALLED,
      };
      expect(await db.bigcommerceApp.saveInstallation(input)).toEqual({ ...input, uninstalledAt: null });
      expect((await db.bigcommerceApp.installation(input.storeHash))?.ownerBcUserId).toBe(2 ** 40);
    });

    it('marks an installation uninstalled once', async () => {
      const input = await install();
      const when = at('2030-01-05T00:00:00.000Z');
      expect(await db.bigcommerceApp.markUninstalled(input.storeHash, when)).toBe(true);
      expect(await db.bigcommerceApp.markUninstalled(input.storeHash, at('2030-01-06T00:00:00.000Z'))).toBe(false);
      expect((await db.bigcommerceApp.installation(input.storeHash))?.uninstalledAt).toEqual(when);
      expect(await db.bigcommerceApp.markUninstalled(storeHash(), when)).toBe(false);
    });

    it('lists installations uninstalled before a time, oldest first, at most the limit', async () => {
      // Far in the future, so that no other test's uninstall falls in between.
      const [a, b, c, d] = [await install(), await install(), await install(), await install()];
      await db.bigcommerceApp.markUninstalled(c.storeHash, at('2090-03-01T00:00:00.000Z'));
      await db.bigcommerceApp.markUninstalled(a.storeHash, at('2090-01-01T00:00:00.000Z'));
      await db.bigcommerceApp.markUninstalled(b.storeHash, at('2090-02-01T00:00:00.000Z'));
      await db.bigcommerceApp.markUninstalled(d.storeHash, at('2090-06-01T00:00:00.000Z'));
      const due = await db.bigcommerceApp.uninstalledBefore(at('2090-05-01T00:00:00.000Z'), 100);
      const ours = due.map((i) => i.storeHash).filter((h) => [a, b, c, d].some((x) => x.storeHash === h));
      expect(ours).toEqual([a.storeHash, b.storeHash, c.storeHash]);
      expect(due.map((i) => i.uninstalledAt!.getTime())).toEqual([...due.map((i) => i.uninstalledAt!.getTime())].sort((x, y) => x - y));
      const first = await db.bigcommerceApp.uninstalledBefore(at('2090-05-01T00:00:00.000Z'), 2);
      expect(first).toHaveLength(2);
      expect(first.every((i) => i.uninstalledAt! < at('2090-05-01T00:00:00.000Z'))).toBe(true);
      const before = await db.bigcommerceApp.uninstalledBefore(at('2090-01-15T00:00:00.000Z'), 100);
      expect(before.map((i) => i.storeHash)).toContain(a.storeHash);
      expect(before.map((i) => i.storeHash)).not.toContain(b.storeHash);
      expect(due.find((i) => i.storeHash === a.storeHash)).toMatchObject({ companyId: a.companyId, scopes: a.scopes });
    });

    it('never lists an installed store for the purge', async () => {
      const input = await install();
      const due = await db.bigcommerceApp.uninstalledBefore(at('2999-01-01T00:00:00.000Z'), 10_000);
      expect(due.map((i) => i.storeHash)).not.toContain(input.storeHash);
    });

    it('installs again: every field replaced and uninstalledAt cleared', async () => {
      const input = await install();
      await db.bigcommerceApp.markUninstalled(input.storeHash, at('2030-02-01T00:00:00.000Z'));
      const again = { ...input, ownerBcUserId: 77, accountUuid: null, scopes: 'store_v2_products_read_only', installedAt: at('2030-02-10T00:00:00.000Z') };
      expect(await db.bigcommerceApp.saveInstallation(again)).toEqual({ ...again, uninstalledAt: null });
      expect(await db.bigcommerceApp.installation(input.storeHash)).toEqual({ ...again, uninstalledAt: null });
      expect(await db.bigcommerceApp.markUninstalled(input.storeHash, at('2030-03-01T00:00:00.000Z'))).toBe(true);
      // An install again may name another company (the old one's data went).
      const company = await db.companies.create({ name: 'New owner' });
      await db.bigcommerceApp.saveInstallation({ ...again, companyId: company.id });
      expect(await db.bigcommerceApp.installationOfCompany(company.id)).toMatchObject({ storeHash: input.storeHash, uninstalledAt: null });
      expect(await db.bigcommerceApp.installationOfCompany(input.companyId)).toBeNull();
    });

    it('refuses a second store for a company that has an installation (one per company)', async () => {
      const input = await install();
      await expect(db.bigcommerceApp.saveInstallation({ ...input, storeHash: storeHash() })).rejects.toBeInstanceOf(UniqueViolationError);
      expect(await db.bigcommerceApp.installationOfCompany(input.companyId)).toMatchObject({ storeHash: input.storeHash });
    });

    it('deletes an installation with its store users', async () => {
      const input = await install();
      const owner = await user(input.companyId);
      await db.bigcommerceApp.linkUser(input.storeHash, 1, owner.id);
      await db.bigcommerceApp.deleteInstallation(input.storeHash);
      expect(await db.bigcommerceApp.installation(input.storeHash)).toBeNull();
      expect(await db.bigcommerceApp.userOf(input.storeHash, 1)).toBeNull();
      await db.bigcommerceApp.deleteInstallation(input.storeHash);
      // The store can be installed again, its users linked anew.
      await db.bigcommerceApp.saveInstallation(input);
      expect(await db.bigcommerceApp.userOf(input.storeHash, 1)).toBeNull();
    });
  });

  describe('store users', () => {
    it('links a store user to our user, idempotently, and unlinks them', async () => {
      const input = await install();
      const [u1, u2] = [await user(input.companyId), await user(input.companyId)];
      expect(await db.bigcommerceApp.userOf(input.storeHash, 11)).toBeNull();
      await db.bigcommerceApp.linkUser(input.storeHash, 11, u1.id, at('2030-01-02T00:00:00.000Z'));
      await db.bigcommerceApp.linkUser(input.storeHash, 11, u1.id);
      await db.bigcommerceApp.linkUser(input.storeHash, 12, u2.id);
      expect(await db.bigcommerceApp.userOf(input.storeHash, 11)).toBe(u1.id);
      expect(await db.bigcommerceApp.userOf(input.storeHash, 12)).toBe(u2.id);
      expect(await db.bigcommerceApp.unlinkUser(input.storeHash, 11)).toBe(u1.id);
      expect(await db.bigcommerceApp.unlinkUser(input.storeHash, 11)).toBeNull();
      expect(await db.bigcommerceApp.userOf(input.storeHash, 11)).toBeNull();
      expect(await db.bigcommerceApp.userOf(input.storeHash, 12)).toBe(u2.id);
      expect(await db.bigcommerceApp.unlinkUser(storeHash(), 12)).toBeNull();
    });

    it('keeps store users apart by store', async () => {
      const [a, b] = [await install(), await install()];
      const [ua, ub] = [await user(a.companyId), await user(b.companyId)];
      await db.bigcommerceApp.linkUser(a.storeHash, 5, ua.id);
      await db.bigcommerceApp.linkUser(b.storeHash, 5, ub.id);
      expect(await db.bigcommerceApp.userOf(a.storeHash, 5)).toBe(ua.id);
      expect(await db.bigcommerceApp.userOf(b.storeHash, 5)).toBe(ub.id);
    });

    it('links the store user to the user given when linked again to another', async () => {
      const input = await install();
      const [u1, u2] = [await user(input.companyId), await user(input.companyId)];
      await db.bigcommerceApp.linkUser(input.storeHash, 21, u1.id);
      await db.bigcommerceApp.linkUser(input.storeHash, 21, u2.id);
      expect(await db.bigcommerceApp.userOf(input.storeHash, 21)).toBe(u2.id);
    });
  });

  describe('payload ids', () => {
    it('accepts a payload id once and refuses its replay', async () => {
      const jti = randomUUID();
      const now = at('2030-01-01T00:00:00.000Z');
      const expires = at('2030-01-01T00:05:00.000Z');
      expect(await db.bigcommerceApp.acceptPayloadId(jti, expires, now)).toBe(true);
      expect(await db.bigcommerceApp.acceptPayloadId(jti, expires, now)).toBe(false);
      expect(await db.bigcommerceApp.acceptPayloadId(jti, expires, at('2030-01-01T00:04:59.999Z'))).toBe(false);
      expect(await db.bigcommerceApp.acceptPayloadId(randomUUID(), expires, now)).toBe(true);
    });

    it('accepts a payload id exactly once when requests race', async () => {
      const jti = randomUUID();
      const now = at('2030-01-01T00:00:00.000Z');
      const results = await Promise.all(Array.from({ length: 5 }, () => db.bigcommerceApp.acceptPayloadId(jti, at('2030-01-01T00:05:00.000Z'), now)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('forgets a payload id once it expired (its payload is refused as expired anyway)', async () => {
      const jti = randomUUID();
      const expires = at('2031-01-01T00:05:00.000Z');
      expect(await db.bigcommerceApp.acceptPayloadId(jti, expires, at('2031-01-01T00:00:00.000Z'))).toBe(true);
      // At its expiry it is still remembered; after it, it was pruned on the way.
      expect(await db.bigcommerceApp.acceptPayloadId(jti, expires, expires)).toBe(false);
      expect(await db.bigcommerceApp.acceptPayloadId(jti, at('2031-01-01T00:15:00.000Z'), at('2031-01-01T00:05:00.001Z'))).toBe(true);
      expect(await db.bigcommerceApp.acceptPayloadId(jti, at('2031-01-01T00:15:00.000Z'), at('2031-01-01T00:06:00.000Z'))).toBe(false);
    });
  });

  describe('sign-in codes', () => {
    const now = at('2030-01-01T00:00:00.000Z');
    const expiresAt = at('2030-01-01T00:01:00.000Z');
    const codeHash = () => randomUUID().replace(/-/g, '').repeat(2);

    it('takes a code once, for its user', async () => {
      const u = await user();
      const hash = codeHash();
      await db.bigcommerceApp.createSignInCode({ codeHash: hash, userId: u.id, expiresAt, now });
      expect((await db.bigcommerceApp.takeSignInCode(hash, at('2030-01-01T00:00:30.000Z')))?.userId).toBe(u.id);
      expect(await db.bigcommerceApp.takeSignInCode(hash, at('2030-01-01T00:00:31.000Z'))).toBeNull();
      expect(await db.bigcommerceApp.takeSignInCode(codeHash(), now)).toBeNull();
    });

    it('refuses a code at or after its expiry', async () => {
      const u = await user();
      const [h1, h2] = [codeHash(), codeHash()];
      await db.bigcommerceApp.createSignInCode({ codeHash: h1, userId: u.id, expiresAt, now });
      await db.bigcommerceApp.createSignInCode({ codeHash: h2, userId: u.id, expiresAt, now });
      expect(await db.bigcommerceApp.takeSignInCode(h1, expiresAt)).toBeNull();
      expect(await db.bigcommerceApp.takeSignInCode(h2, at('2030-01-01T00:05:00.000Z'))).toBeNull();
      // Pruned: taking it "earlier" again finds nothing.
      expect(await db.bigcommerceApp.takeSignInCode(h2, now)).toBeNull();
    });

    it('gives a code to exactly one of requests racing for it', async () => {
      const u = await user();
      const hash = codeHash();
      await db.bigcommerceApp.createSignInCode({ codeHash: hash, userId: u.id, expiresAt, now });
      const results = await Promise.all(Array.from({ length: 5 }, () => db.bigcommerceApp.takeSignInCode(hash, at('2030-01-01T00:00:10.000Z'))));
      expect(results.filter((r) => r !== null).map((r) => r?.userId)).toEqual([u.id]);
    });
  });
});

describe.each(dbTargets)('BigCommerce app data cascades on $name', () => {
  it('forgets the installation, its store users and sign-in codes with the company', async () => {
    const database = await testDatabase({ file: true });
    const db = await openTestDatabaseAt(database);
    try {
      const company = await db.companies.create({ name: 'Going' });
      const kept = await db.companies.create({ name: 'Staying' });
      const owner = await db.users.create({ companyId: company.id, email: `going-${randomUUID()}@example.com` });
      const other = await db.users.create({ companyId: kept.id, email: `staying-${randomUUID()}@example.com` });
      const [gone, stays] = [storeHash(), storeHash()];
      const base = { ownerBcUserId: 1, accountUuid: null, scopes: 'store_v2_default', installedAt: INSTALLED };
      await db.bigcommerceApp.saveInstallation({ ...base, storeHash: gone, companyId: company.id });
      await db.bigcommerceApp.saveInstallation({ ...base, storeHash: stays, companyId: kept.id });
      await db.bigcommerceApp.linkUser(gone, 1, owner.id);
      await db.bigcommerceApp.linkUser(stays, 1, other.id);
      // A user of the staying company linked to the going store goes with the store.
      await db.bigcommerceApp.linkUser(gone, 2, other.id);
      const now = at('2030-01-01T00:00:00.000Z');
      await db.bigcommerceApp.createSignInCode({ codeHash: 'going-code', userId: owner.id, expiresAt: at('2030-01-01T00:01:00.000Z'), now });
      await db.bigcommerceApp.createSignInCode({ codeHash: 'staying-code', userId: other.id, expiresAt: at('2030-01-01T00:01:00.000Z'), now });

      await deleteCompany(db, database.url, company.id);

      expect(await db.bigcommerceApp.installation(gone)).toBeNull();
      expect(await db.bigcommerceApp.installationOfCompany(company.id)).toBeNull();
      expect(await db.bigcommerceApp.userOf(gone, 1)).toBeNull();
      expect(await db.bigcommerceApp.userOf(gone, 2)).toBeNull();
      expect(await db.bigcommerceApp.takeSignInCode('going-code', now)).toBeNull();
      expect(await db.bigcommerceApp.installation(stays)).toMatchObject({ companyId: kept.id });
      expect(await db.bigcommerceApp.userOf(stays, 1)).toBe(other.id);
      expect((await db.bigcommerceApp.takeSignInCode('staying-code', now))?.userId).toBe(other.id);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});

/** Deletes a company on the database's own driver (the repositories have no such method): what cascades goes with it. */
async function deleteCompany(db: Database, url: string, companyId: string): Promise<void> {
  if (db.pgPool) {
    await db.pgPool.query('delete from companies where id = $1', [companyId]);
    return;
  }
  const sqlite = new BetterSqlite3(url);
  try {
    sqlite.pragma('foreign_keys = ON');
    sqlite.prepare('delete from companies where id = ?').run(companyId);
  } finally {
    sqlite.close();
  }
}
