/**
 * The queries of work orders' reads: the list's (in cursor pages) and one order's (a page of its
 * items). Part of @catalog/contracts/work-orders.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { queryFlag, queryInt } from './common';
import { CursorPageQuery, cursorParam, encodeCursor } from './paging';
import { MAX_WORK_ORDER_ITEMS } from './work-order-limits';

/** GET /api/work-orders?includeArchived=true&cursor=&limit=: newest first, in pages (paging.ts). */
export const WorkOrderListQuery = lazySchema(() =>
  CursorPageQuery.extend({
    includeArchived: queryFlag('includeArchived').default(false),
  }),
);
export type WorkOrderListQuery = z.infer<typeof WorkOrderListQuery>;

/** The most items one page of GET /api/work-orders/{id} holds, and how many when not asked. */
export const MAX_ITEMS_PAGE_LIMIT = 500;
export const DEFAULT_ITEMS_PAGE_LIMIT = 100;

/** An items cursor holds the position of the next item in the order. */
const ItemOffsetKey = lazySchema(() => z.tuple([z.number().int().min(0).max(MAX_WORK_ORDER_ITEMS)]).transform(([offset]) => offset));

/** The cursor of the items page that starts at item `offset` (0-based). */
export const workOrderItemsCursor = (offset: number): string => encodeCursor([offset]);

/** GET /api/work-orders/{id}?itemsCursor=&itemsLimit=: the order, with one page of its items. */
export const WorkOrderDetailQuery = lazySchema(() =>
  z.object({
    itemsCursor: cursorParam(ItemOffsetKey).optional(),
    itemsLimit: queryInt(1, MAX_ITEMS_PAGE_LIMIT, 'The items limit').default(DEFAULT_ITEMS_PAGE_LIMIT),
  }),
);
export type WorkOrderDetailQuery = z.infer<typeof WorkOrderDetailQuery>;
/** What a client sends: `itemsCursor` as the server gave it. */
export type WorkOrderDetailParams = { itemsCursor?: string; itemsLimit?: number };
