/**
 * Approvals end to end against the demo store (issue 19), on the test project's database
 * (SQLite in `api`, PostgreSQL in `api-pg`): with "Work orders by members need approval" on, a
 * member's order waits (`awaiting_approval`) and no scheduler claims it; an admin approves and it
 * runs, or rejects it with a reason; members cannot approve, not even their own; a scheduled
 * order whose time passed while it waited runs on approval; the member is emailed (SMTP). And
 * the blocking guardrails: 422 GUARDRAIL on create and again on approve.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { approvalNote } from '@catalog/contracts/work-order-rules';
import { WorkOrder as WireWorkOrder } from '@catalog/contracts/work-orders';
import { createSmtpMailer } from '../../lib/mailer';
import { readEmail, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { testUser } from '../../testing/test-app';
import { expectedAfter, pickItems, storePrice, waitFor, waitForStatus, workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';
import { LATER } from '../../testing/times';

let world: WorkOrderWorld | undefined;
let sink: SmtpSink | undefined;
beforeEach(async () => {
  sink = await startSmtpSink();
});
afterEach(async () => {
  await world?.close();
  world = undefined;
  await sink?.close();
});

/** The world with an admin and a member, approvals on (by the owner, through the API), SMTP to a sink. */
async function approvalsWorld() {
  const mailer = createSmtpMailer({ url: sink!.url, from: 'Catalog Pilot <no-reply@localhost>' });
  world = await workOrderWorld({ invitations: { publicUrl: 'https://app.example.com', mailer } });
  const w = world;
  const teammate = async (role: 'admin' | 'member', name: string) => {
    const user = testUser(name);
    const row = await w.db.users.create({ companyId: w.companyId, email: user.email, firebaseUid: user.sub, role, firstName: name.split(' ')[0], lastName: name.split(' ')[1] });
    return { ...user, id: row.id };
  };
  const admin = await teammate('admin', 'Adam Admin');
  const member = await teammate('member', 'Mia Member');
  const call = async (who: { headers: Record<string, string> }, method: string, path: string, body?: unknown) => {
    const res = await w.app.request(path, { method, headers: who.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const on = await call(w.owner, 'PATCH', '/api/company/settings', { ordersNeedApproval: true });
  if (on.status !== 200) throw new Error(`settings: ${on.status}`);
  return { w, admin, member, call, mailer };
}

const wire = (body: unknown) => WireWorkOrder.parse(body);
const error = (body: unknown) => ErrorBody.parse(body).error;

describe('approvals of members\u2019 work orders', () => {
  it('holds a member\u2019s order until an admin approves it, then runs it against the store; members get 403, also on their own', async () => {
    const { w, admin, member, call } = await approvalsWorld();
    const items = pickItems(w.store, { products: 3, variants: 4 });
    const before = items.map((i) => storePrice(w.store, i));
    w.scheduler().start();

    const created = await w.post({ title: 'Member sale', productUpdates: items, executeImmediately: true }, member.headers);
    expect(created.status).toBe(201);
    expect(wire(created.body)).toMatchObject({ status: 'awaiting_approval', createdByName: 'Mia Member', approvedBy: null });
    // No scheduler claims it, however long it waits: nothing due, a direct claim finds nothing.
    await new Promise((r) => setTimeout(r, 700));
    expect((await w.db.workOrders.get(w.companyId, created.body.id))!.status).toBe('awaiting_approval');
    expect((await w.db.workOrders.due(new Date(Date.now() + 86_400_000), 100)).map((o) => o.id)).not.toContain(created.body.id);
    expect(await w.db.workOrders.claim(created.body.id, 'test', 1_000, new Date())).toBeNull();
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(before[i]));

    // Members may not approve, not even their own order.
    const self = await call(member, 'POST', `/api/work-orders/${created.body.id}/approve`);
    expect(self.status).toBe(403);
    expect(error(self.body)).toMatchObject({ code: 'FORBIDDEN', message: 'Only owners and admins can approve or reject work orders' });
    expect((await call(member, 'POST', `/api/work-orders/${created.body.id}/reject`, { reason: 'mine' })).status).toBe(403);

    // The owners' and admins' list shows it; an admin approves.
    const approved = await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(wire(approved.body)).toMatchObject({ status: 'pending', approvedBy: 'Adam Admin', createdByName: 'Mia Member' });
    expect(approvalNote(wire(approved.body))).toBeNull();
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', error: null, approvedBy: admin.id, createdBy: member.id });
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(expectedAfter(before[i]!, item)));
    // Approving again is a conflict: it is no longer waiting.
    expect((await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`)).status).toBe(409);

    // The member hears of it by email.
    const mail = await waitFor(async () => sink!.received.find((m) => m.to.includes(member.email)), (m) => m !== undefined);
    const { text } = readEmail(mail!.raw);
    expect(text).toContain('Your work order "Member sale" was approved.');
    expect(text).toContain('Adam Admin approved it');
    expect(text).toContain('https://app.example.com/work-orders');
  });

  it('rejects with a reason (required, final), tells the member, and never runs it', async () => {
    const { w, admin, member, call } = await approvalsWorld();
    const items = pickItems(w.store, { products: 2, variants: 0 });
    const before = items.map((i) => storePrice(w.store, i));
    w.scheduler().start();
    const created = await w.post({ title: 'Too deep a cut', productUpdates: items, executeImmediately: true }, member.headers);
    const id = created.body.id;

    const noReason = await call(admin, 'POST', `/api/work-orders/${id}/reject`, { reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(error(noReason.body).fields).toHaveProperty('reason');
    expect((await call(admin, 'POST', `/api/work-orders/${id}/reject`, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await call(admin, 'POST', `/api/work-orders/${id}/reject`, {})).status).toBe(400);

    const rejected = await call(w.owner, 'POST', `/api/work-orders/${id}/reject`, { reason: ' Margins too thin this week ' });
    expect(rejected.status).toBe(200);
    expect(wire(rejected.body)).toMatchObject({ status: 'rejected', rejectedBy: 'Olive Owner', rejectionReason: 'Margins too thin this week', approvedBy: null });
    expect(wire(rejected.body).rejectedAt).not.toBeNull();
    // Final: neither approved nor rejected again, nor deleted; it can be archived.
    expect((await call(admin, 'POST', `/api/work-orders/${id}/approve`)).status).toBe(409);
    expect((await call(admin, 'POST', `/api/work-orders/${id}/reject`, { reason: 'again' })).status).toBe(409);
    expect((await call(member, 'DELETE', `/api/work-orders/${id}`)).status).toBe(409);
    await new Promise((r) => setTimeout(r, 500));
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(before[i]));
    expect((await call(member, 'PATCH', `/api/work-orders/${id}/archive`)).status).toBe(200);

    const mail = await waitFor(async () => sink!.received.find((m) => m.to.includes(member.email)), (m) => m !== undefined);
    const { text } = readEmail(mail!.raw);
    expect(text).toContain('Your work order "Too deep a cut" was rejected.');
    expect(text).toContain('Olive Owner rejected it: Margins too thin this week');
  });

  it('runs a scheduled order whose time passed while it waited as soon as it is approved, and says so', async () => {
    const { w, admin, member, call } = await approvalsWorld();
    const items = pickItems(w.store, { products: 1, variants: 1 });
    const before = items.map((i) => storePrice(w.store, i));
    w.scheduler().start();
    const at = new Date(Date.now() + 1_500);
    const created = await w.post({ title: 'Friday sale', productUpdates: items, executeImmediately: false, scheduledAt: at.toISOString() }, member.headers);
    expect(created.body.status).toBe('awaiting_approval');
    await new Promise((r) => setTimeout(r, 2_200));
    expect((await w.db.workOrders.get(w.companyId, created.body.id))!.status).toBe('awaiting_approval');
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(before[i]));

    const approved = wire((await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`)).body);
    expect(approvalNote(approved)).toBe('Approved after its scheduled time: ran on approval');
    await waitForStatus(w, created.body.id, ['completed']);
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(expectedAfter(before[i]!, item)));
  });

  it('lets owners\u2019 and admins\u2019 orders run without approval, and the member withdraw their own waiting order (not another\u2019s)', async () => {
    const { w, admin, member, call } = await approvalsWorld();
    const items = pickItems(w.store, { products: 1, variants: 0 });
    const byAdmin = await w.post({ title: 'Admin order', productUpdates: items, executeImmediately: false, scheduledAt: LATER }, admin.headers);
    expect(byAdmin.body.status).toBe('pending');
    const byOwner = await w.post({ title: 'Owner order', productUpdates: items, executeImmediately: false, scheduledAt: LATER });
    expect(byOwner.body.status).toBe('pending');

    const mine = await w.post({ title: 'Mine', productUpdates: items, executeImmediately: false, scheduledAt: LATER }, member.headers);
    const another = testUser('Max Member');
    await w.db.users.create({ companyId: w.companyId, email: another.email, firebaseUid: another.sub, role: 'member', firstName: 'Max' });
    expect((await call(another, 'DELETE', `/api/work-orders/${mine.body.id}`)).status).toBe(403);
    expect((await call(member, 'PATCH', `/api/work-orders/${mine.body.id}/archive`)).status).toBe(409);
    expect((await call(member, 'DELETE', `/api/work-orders/${mine.body.id}`)).status).toBe(200);
    const theirs = await w.post({ title: 'Theirs', productUpdates: items, executeImmediately: false, scheduledAt: LATER }, another.headers);
    expect((await call(admin, 'DELETE', `/api/work-orders/${theirs.body.id}`)).status).toBe(200);

    // Approvals off again: a member's order is pending at once.
    await call(w.owner, 'PATCH', '/api/company/settings', { ordersNeedApproval: false });
    expect((await w.post({ title: 'Free again', productUpdates: items, executeImmediately: false, scheduledAt: LATER }, member.headers)).body.status).toBe('pending');
  });
});

describe('blocking guardrails on the server', () => {
  it('refuses an order that breaks a blocking rule with 422 GUARDRAIL naming the item, and stores nothing', async () => {
    world = await workOrderWorld();
    const w = world;
    const [product] = pickItems(w.store, { products: 1, variants: 0 });
    const zero = { ...product!, newRegularPrice: '0', newSalePrice: undefined };
    // Not blocking yet: flagged on the device only, the server takes it.
    const set = await w.app.request('/api/company/settings', { method: 'PATCH', headers: w.owner.headers, body: JSON.stringify({ blockingGuardrails: ['zeroPrice'] }) });
    expect(set.status).toBe(200);
    const res = await w.post({ title: 'Free stuff', productUpdates: [zero], executeImmediately: false, scheduledAt: LATER });
    expect(res.status).toBe(422);
    expect(error(res.body)).toEqual({
      code: 'GUARDRAIL',
      message: "This order breaks your company's blocking guardrails: Price of 0.00 (1 item).",
      fields: { 'productUpdates.0': 'Price of 0.00' },
    });
    expect(await w.db.workOrders.list(w.companyId)).toEqual([]);
    // The same price is fine once the rule only flags.
    await w.app.request('/api/company/settings', { method: 'PATCH', headers: w.owner.headers, body: JSON.stringify({ blockingGuardrails: [] }) });
    expect((await w.post({ title: 'Free stuff', productUpdates: [zero], executeImmediately: false, scheduledAt: LATER })).status).toBe(201);
  });

  it('checks again on approve: a rule made blocking while the order waited refuses the approval, and it keeps waiting', async () => {
    const { w, admin, member, call } = await approvalsWorld();
    const items = pickItems(w.store, { products: 2, variants: 0 }, '80');
    const created = await w.post({ title: 'Big jump', productUpdates: items, executeImmediately: false, scheduledAt: LATER }, member.headers);
    expect(created.status).toBe(201);
    await call(admin, 'PATCH', '/api/company/settings', { blockingGuardrails: ['largeChange'] });
    const refused = await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`);
    expect(refused.status).toBe(422);
    expect(error(refused.body)).toMatchObject({
      code: 'GUARDRAIL', message: "This order breaks your company's blocking guardrails: Change over 50% (2 items).",
      fields: { 'productUpdates.0': 'Change over 50%', 'productUpdates.1': 'Change over 50%' },
    });
    expect((await w.db.workOrders.get(w.companyId, created.body.id))!.status).toBe('awaiting_approval');
    await call(admin, 'PATCH', '/api/company/settings', { guardrailThresholdPercent: 100 });
    expect((await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`)).status).toBe(200);
  });
});

describe('price history of an approved order', () => {
  it('names the approver next to the creator, in the product\u2019s history and its CSV', async () => {
    const { w, admin, member, call } = await approvalsWorld();
    const items = pickItems(w.store, { products: 1, variants: 0 });
    w.scheduler().start();
    const created = await w.post({ title: 'Approved change', productUpdates: items, executeImmediately: true }, member.headers);
    await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`);
    await waitForStatus(w, created.body.id, ['completed']);

    const history = ((await call(member, 'GET', `/api/products/${items[0]!.productId}/price-history`)).body as { entries: Array<Record<string, unknown>> }).entries;
    const entry = history.find((e) => e.workOrderId === created.body.id)!;
    expect(entry).toMatchObject({ changeType: 'work_order', changedBy: member.id, approvedBy: 'Adam Admin' });
    // An order nobody had to approve says nothing of approval.
    const own = await w.post({ title: 'Own change', productUpdates: pickItems(w.store, { products: 1, variants: 0 }, '5'), executeImmediately: true });
    await waitForStatus(w, own.body.id, ['completed']);
    const again = ((await call(member, 'GET', `/api/products/${items[0]!.productId}/price-history`)).body as { entries: Array<Record<string, unknown>> }).entries;
    expect(again.find((e) => e.workOrderId === own.body.id)).not.toHaveProperty('approvedBy');

    const csv = await w.app.request(`/api/products/${items[0]!.productId}/price-history/csv`, { headers: member.headers });
    expect(await csv.text()).toContain(`${member.email} (approved by ${admin.email})`);
  });
});

describe('a member\u2019s backup restore', () => {
  it('waits for approval as any order of theirs', async () => {
    const { w, member, call } = await approvalsWorld();
    w.scheduler().start();
    const backup = await call(w.owner, 'POST', '/api/backups');
    expect(backup.status).toBe(201);
    const items = pickItems(w.store, { products: 1, variants: 0 });
    const changed = await w.post({ title: 'Change to restore', productUpdates: items, executeImmediately: true });
    await waitForStatus(w, changed.body.id, ['completed']);
    const restore = await call(member, 'POST', `/api/backups/${(backup.body as { id: string }).id}/restore`, {});
    expect(restore.status).toBe(201);
    expect(wire(restore.body)).toMatchObject({ status: 'awaiting_approval', createdByName: 'Mia Member' });
  });
});
