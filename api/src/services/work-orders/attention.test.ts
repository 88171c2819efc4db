/**
 * Who hears of an order that needs attention: the company's active managers, as the permission
 * table names them (contracts MANAGER_ROLES), on the test project's database.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import type { EmailMessage } from '../../lib/mailer';
import { openTestDatabase } from '../../testing/db-targets';
import { workOrderAlerts } from './attention';

let close = async () => {};
afterEach(async () => {
  await close();
});

describe('workOrderAlerts', () => {
  it('emails every active owner and admin of the order\u2019s company, no member, no one deactivated, no one elsewhere', async () => {
    const opened = await openTestDatabase();
    const { db } = opened;
    close = opened.close;
    const company = await db.companies.create({ name: 'Acme' });
    const other = await db.companies.create({ name: 'Globex' });
    const person = (companyId: string, email: string, role: 'owner' | 'admin' | 'member') => db.users.create({ companyId, email, role });
    await person(company.id, 'olive@acme.test', 'owner');
    await person(company.id, 'adam@acme.test', 'admin');
    await person(company.id, 'mia@acme.test', 'member');
    const gone = await person(company.id, 'gus@acme.test', 'admin');
    await db.users.update(company.id, gone.id, { isActive: false });
    await person(other.id, 'oscar@globex.test', 'owner');
    const { order } = await db.workOrders.create(company.id, { title: 'Spring sale', productUpdates: [{ productId: 'p1', productName: 'Shoe', newRegularPriceCents: 1990 }] });

    const sent: EmailMessage[] = [];
    const alert = workOrderAlerts({ db, mailer: { send: async (m) => void sent.push(m), close: () => {} }, logger: createLogger('silent') });
    await alert(order, 'The store refused a price');
    expect(sent.map((m) => m.to).sort()).toEqual(['adam@acme.test', 'olive@acme.test']);
  });
});
