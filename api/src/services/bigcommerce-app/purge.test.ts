/**
 * An uninstalled store's company is kept 30 days, then deleted with everything of it; one
 * installed, or uninstalled less than 30 days ago, stays. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/repositories';
import { createLogger } from '../../lib/logger';
import { dbTargets, openTarget } from '../../testing/db-targets';
import { purgeUninstalled } from './purge';

const NOW = new Date('2030-06-01T00:00:00.000Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

describe.each(dbTargets)('purging uninstalled stores on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  async function store(hash: string, uninstalledDaysAgo: number | null) {
    const company = await db.companies.create({ name: `Store ${hash}` });
    const user = await db.users.create({ companyId: company.id, email: `${hash}@example.com`, firebaseUid: `bc:${hash}:1`, role: 'owner' });
    await db.bigcommerceApp.saveInstallation({ storeHash: hash, companyId: company.id, ownerBcUserId: 1, accountUuid: null, scopes: 'store_v2_products', installedAt: daysAgo(60) });
    await db.bigcommerceApp.linkUser(hash, 1, user.id);
    if (uninstalledDaysAgo !== null) await db.bigcommerceApp.markUninstalled(hash, daysAgo(uninstalledDaysAgo));
    return company.id;
  }

  it('deletes the company 30 days after the uninstall, and nothing else', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const gone = await store(`gone${suffix}`, 31);
    const kept = await store(`kept${suffix}`, 29);
    const installed = await store(`live${suffix}`, null);
    expect(await purgeUninstalled(db, NOW, createLogger('silent'))).toBeGreaterThanOrEqual(1);
    expect(await db.companies.get(gone)).toBeNull();
    expect(await db.users.getByFirebaseUid(`bc:gone${suffix}:1`)).toBeNull();
    expect(await db.bigcommerceApp.installation(`gone${suffix}`)).toBeNull();
    expect(await db.companies.get(kept)).not.toBeNull();
    expect(await db.companies.get(installed)).not.toBeNull();
    expect(await db.bigcommerceApp.userOf(`kept${suffix}`, 1)).not.toBeNull();
    // Run again: nothing more to do.
    expect(await purgeUninstalled(db, NOW, createLogger('silent'))).toBe(0);
  });
});
