/**
 * The due rules once (issue 33): the SQL decides when an order runs or its end reverts it
 * (repository-shared.work-orders.ts claimableWhere, read by the scheduler's `due` query and the
 * atomic `claim`), and contracts' isWorkOrderDue and isRevertDue are its documented twins. This
 * runs the same cases through both, on every dialect (SQLite always, PostgreSQL with
 * TEST_DATABASE_URL): every status but executing (a lapsed lease is the scheduler's own matter,
 * with no twin), archived or not, immediate or not, with no time, a time past, exactly now or to
 * come for the start and for the end, and with or without an error (`cases`). Each case is a
 * company of its own, as `due` answers one order per company.
 */
import { WORK_ORDER_STATUSES } from '@catalog/contracts/work-orders';
import { isRevertDue, isWorkOrderDue } from '@catalog/contracts/work-order-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import type { Database, WorkOrder } from './repositories';

const now = new Date('2030-06-01T12:00:00.000Z');
const times = { none: null, past: new Date(now.getTime() - 60_000), now, later: new Date(now.getTime() + 60_000) } as const;
type Time = keyof typeof times;
const TIMES = Object.keys(times) as Time[];

interface Case {
  status: (typeof WORK_ORDER_STATUSES)[number];
  archived: boolean;
  executeImmediately: boolean;
  scheduledAt: Time;
  revertAt: Time;
  error: string | null;
}

/**
 * Every status but executing, archived or not, in two families (the two rules read different
 * columns: the start's rule status, archived and the time; the end's status, the end and the
 * error): every start (immediate or not, with each time) without an end, and every end with and
 * without an error, on an immediate order and on one whose start is to come.
 */
const cases: Case[] = WORK_ORDER_STATUSES.filter((s) => s !== 'executing').flatMap((status) =>
  [false, true].flatMap((archived) => [
    ...[true, false].flatMap((executeImmediately) => TIMES.map((scheduledAt) => ({ status, archived, executeImmediately, scheduledAt, revertAt: 'none' as const, error: null }))),
    ...([[true, 'none'], [false, 'later']] as const).flatMap(([executeImmediately, scheduledAt]) =>
      TIMES.flatMap((revertAt) => [null, 'The store refused a price'].map((error) => ({ status, archived, executeImmediately, scheduledAt, revertAt, error })))),
  ]));

/** The order as the contracts' twins read it (the wire's ISO times). */
const onTheWire = (o: WorkOrder) => ({
  status: o.status, archived: o.archived, executeImmediately: o.executeImmediately,
  scheduledAt: o.scheduledAt?.toISOString() ?? null, revertAt: o.revertAt?.toISOString() ?? null, error: o.error,
});

const name = (c: Case) => `${c.status}${c.archived ? ' archived' : ''}${c.executeImmediately ? ' immediate' : ''} start:${c.scheduledAt} end:${c.revertAt}${c.error ? ' error' : ''}`;

describe.each(dbTargets)('due orders: the SQL and its contracts twins on $name', (target) => {
  let db: Database;
  let close = async () => {};
  const orders: WorkOrder[] = [];

  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
    const insert = async (c: Case) => {
      const company = await db.companies.create({ name: name(c) });
      const { order } = await db.workOrders.create(company.id, {
        title: name(c), productUpdates: [{ productId: 'p1', productName: 'Shoe', newRegularPriceCents: 1990 }],
        executeImmediately: c.executeImmediately, scheduledAt: times[c.scheduledAt], revertAt: times[c.revertAt], now: times.past,
      });
      return (await db.workOrders.update(company.id, order.id, { status: c.status, archived: c.archived, error: c.error }, {}, times.past))!;
    };
    // A few at a time: PostgreSQL's pool writes them side by side.
    for (let i = 0; i < cases.length; i += 8) orders.push(...await Promise.all(cases.slice(i, i + 8).map(insert)));
  });
  afterAll(async () => close());

  it(`agree on which of ${cases.length} orders are due (the scheduler's due query)`, async () => {
    const due = new Set((await db.workOrders.due(now, cases.length + 1)).map((o) => o.id));
    const disagreements = orders
      .filter((o) => due.has(o.id) !== (isWorkOrderDue(onTheWire(o), now) || isRevertDue(onTheWire(o), now)))
      .map((o) => `${o.title}: SQL ${due.has(o.id) ? 'due' : 'not due'}`);
    expect(disagreements).toEqual([]);
    // Not vacuous: each rule finds orders, and most orders are not due.
    expect(orders.filter((o) => isWorkOrderDue(onTheWire(o), now)).length).toBeGreaterThan(0);
    expect(orders.filter((o) => isRevertDue(onTheWire(o), now)).length).toBeGreaterThan(0);
    expect(due.size).toBeLessThan(orders.length / 2);
  });

  it('agree on which orders the atomic claim takes', async () => {
    const disagreements: string[] = [];
    for (const o of orders) {
      const claimed = (await db.workOrders.claim(o.id, 'agreement-test', 60_000, now)) !== null;
      if (claimed !== (isWorkOrderDue(onTheWire(o), now) || isRevertDue(onTheWire(o), now))) disagreements.push(`${o.title}: SQL ${claimed ? 'claimed' : 'left'}`);
    }
    expect(disagreements).toEqual([]);
  });
});
