/**
 * A removed member's new company is named as a first sign-in names one (contracts
 * ownCompanyName): within the company-name limit, a name its new owner can save again as it is.
 * On the test project's database.
 */
import { CompanyNameBody, MAX_COMPANY_NAME_LENGTH, ownCompanyName } from '@catalog/contracts/team';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/db-targets';
import { removeMember } from './remove-member';

let close = async () => {};
afterEach(async () => {
  await close();
});

describe('removeMember', () => {
  it('names the new company after the member within the company-name limit, as a first sign-in would', async () => {
    const opened = await openTestDatabase();
    const { db } = opened;
    close = opened.close;
    const team = await db.companies.create({ name: 'Acme' });
    const owner = await db.users.create({ companyId: team.id, email: 'olive@acme.test', role: 'owner', firstName: 'Olive' });
    const longName = 'Maximiliane'.repeat(23).slice(0, 255);
    const member = await db.users.create({ companyId: team.id, email: 'max@acme.test', role: 'member', firstName: longName });
    const emoji = await db.users.create({ companyId: team.id, email: 'smile@acme.test', role: 'member', firstName: '\u{1F600}'.repeat(60) });

    for (const [who, firstName] of [[member, longName], [emoji, emoji.firstName]] as const) {
      const { company } = await removeMember(db, owner, who.id, new Date());
      expect(company.name).toBe(ownCompanyName(firstName, who.email));
      expect(company.name.length).toBeLessThanOrEqual(MAX_COMPANY_NAME_LENGTH);
      expect(CompanyNameBody.parse({ name: company.name }).name).toBe(company.name);
    }
  });
});
