/**
 * /api/work-orders, the reads (issue 31); work-orders.routes.ts has the writes:
 * - GET / pages the list as summaries (contracts' WorkOrderSummary: no items, the revert
 *   report's counts only), newest first, `limit` at a time after the opaque `cursor` of the
 *   page before (createdAt, id: paging.ts). A page reads neither the items nor the price
 *   snapshots, only the counts stored beside them, so its size and cost do not grow with the
 *   orders' items (a page of 100 orders of 2,360 items each was 18 MB and 2 s as a whole list).
 * - GET /{id}: one order, its items a page at a time (`itemsCursor`, `itemsLimit`), and its
 *   whole revert report.
 * A repeating order's run (issue 36) carries its series' rule and its place in it, read once per
 * answer for the series on it.
 * - POST /overlaps: the company's orders that share products or variants with an order being
 *   made (contracts' isOverlapCandidate: pending ones, and completed ones still to revert;
 *   oldest first, compareRunTime), from the targets index rather than the items; the oldest
 *   MAX_OVERLAPS_LISTED, how many items each shares and each shared item once (under the first
 *   of them that has it), and how many more orders. Its database work is bounded (OVERLAP_PAIRS matches read):
 *   beyond, the answer names the orders found and says it is not complete.
 * - POST /overlap-pairs: which of the named orders share products or variants with which (the
 *   campaign calendar, issue 36: the device keeps orders without their items), from the targets
 *   index, bounded as /overlaps is; the device decides which pairs meet in time (contracts'
 *   calendarOverlaps). Ids of other companies' orders find nothing.
 * Every query is scoped by the caller's company; another company's order is a 404.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { pageOf, timeIdCursor } from '@catalog/contracts/paging';
import { compareRunTime, isOverlapCandidate } from '@catalog/contracts/work-order-rules';
import {
  itemKeyIn, MAX_OVERLAPS_LISTED, workOrderItemsCursor, type WorkOrderDetail, type WorkOrderListResponse, type WorkOrderOverlapPairsResponse,
  type WorkOrderOverlapsResponse,
} from '@catalog/contracts/work-orders';
import type { Database } from '../../db/repositories';
import { defineRoutes } from '../define-routes';
import { peopleOf, seriesOfOrders, toWireDetail, toWireSummary } from './work-order-items';

const NOT_FOUND = 'Work order not found';

export function workOrderReadRoutes(deps: { db: Database }) {
  const { db } = deps;
  return defineRoutes({
    'GET /api/work-orders': async (c, { query: { includeArchived, cursor, limit } }) => {
      const { companyId } = c.get('user');
      // One more than the page: it says whether another page follows.
      const [rows, people] = await Promise.all([
        db.workOrders.listSummaries(companyId, { includeArchived, after: cursor, limit: limit + 1 }),
        peopleOf(db, companyId),
      ]);
      const { items, nextCursor } = pageOf(rows, limit, (last) => timeIdCursor({ at: last.createdAt, id: last.id }));
      const series = await seriesOfOrders(db, companyId, items);
      return c.json({ orders: items.map((o) => toWireSummary(o, people, series)), nextCursor } satisfies WorkOrderListResponse);
    },

    'POST /api/work-orders/overlaps': async (c, { body: { items, target } }) => {
      const { companyId } = c.get('user');
      const now = new Date();
      const wanted = [...new Set(items.map(itemKeyIn(target)))];
      // Bounded: with many orders sharing many items, those found among the matches read (complete: false).
      const { ids, complete } = await db.workOrders.overlapCandidates(companyId, wanted, now);
      const [summaries, people] = await Promise.all([db.workOrders.getSummaries(companyId, ids), peopleOf(db, companyId)]);
      // The contracts' rule decides (the query only narrowed the rows): the oldest first, as they would run.
      const series = await seriesOfOrders(db, companyId, summaries);
      const candidates = summaries.map((o) => toWireSummary(o, people, series)).filter((o) => isOverlapCandidate(o, now)).sort(compareRunTime);
      const listed = candidates.slice(0, MAX_OVERLAPS_LISTED);
      // How many items each shares, and each shared item once (under the first order that has it): a bounded answer.
      const shared = await db.workOrders.sharedTargets(companyId, listed.map((o) => o.id), wanted);
      const overlaps = listed.flatMap((order) => {
        const found = shared.get(order.id);
        return found ? [{ order, targets: found.targets, shared: found.shared }] : [];
      });
      return c.json({ overlaps, more: candidates.length - listed.length, complete } satisfies WorkOrderOverlapsResponse);
    },

    'POST /api/work-orders/overlap-pairs': async (c, { body: { ids } }) => {
      const { companyId } = c.get('user');
      return c.json((await db.workOrders.overlapPairs(companyId, ids)) satisfies WorkOrderOverlapPairsResponse);
    },

    'GET /api/work-orders/:id': async (c, { params, query: { itemsCursor = 0, itemsLimit } }) => {
      const { companyId } = c.get('user');
      // One more item than the page: it says whether another page follows.
      const detail = await db.workOrders.getDetail(companyId, params.id, { offset: itemsCursor, limit: itemsLimit + 1 });
      if (!detail) throw new ApiError(ErrorCode.NOT_FOUND, NOT_FOUND);
      const { items, nextCursor } = pageOf(detail.items, itemsLimit, () => workOrderItemsCursor(itemsCursor + itemsLimit));
      const [people, series] = await Promise.all([peopleOf(db, companyId), seriesOfOrders(db, companyId, [detail.order])]);
      return c.json(toWireDetail({ ...detail, items }, nextCursor, people, series) satisfies WorkOrderDetail);
    },
  });
}
