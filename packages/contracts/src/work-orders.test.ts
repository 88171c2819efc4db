/** The rules of work-orders.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { fieldsFromZodError } from './errors';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, PAGING_MESSAGES, timeIdCursor } from './paging';
import {
  CreateWorkOrderBody, DEFAULT_ITEMS_PAGE_LIMIT, isTooFarAhead, UpdateWorkOrderBody, WORK_ORDER_MESSAGES, MAX_ITEMS_PAGE_LIMIT, MAX_WORK_ORDER_ITEMS, WorkOrder, WorkOrderDetailQuery, workOrderItemsCursor,
  WorkOrderListQuery, WorkOrderOverlapsBody, WorkOrderSummary, PRICE_LIST_ORDER_MESSAGES, type CreateWorkOrderInput,
} from './work-orders';

const item = { productId: 1, productName: 'Linen shirt', newRegularPrice: '19.9' };
const immediate: CreateWorkOrderInput = {
  title: 'Spring sale',
  productUpdates: [item],
  scheduledAt: null,
  executeImmediately: true,
};

function messageOf(input: unknown): string | undefined {
  const result = CreateWorkOrderBody.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('CreateWorkOrderBody', () => {
  it('refuses control characters and unpaired surrogates in its text, naming the field', () => {
    for (const bad of ['Spring\u0000sale', 'Spring\uD800', 'Spring\u0085', 'Spring\nsale']) {
      const result = CreateWorkOrderBody.safeParse({ ...immediate, title: bad });
      expect(result.success).toBe(false);
      expect(Object.keys(fieldsFromZodError(result.error!))).toEqual(['title']);
    }
    const named = CreateWorkOrderBody.safeParse({ ...immediate, productUpdates: [{ ...item, productName: 'Linen\u0000' }] });
    expect(Object.keys(fieldsFromZodError(named.error!))).toEqual(['productUpdates.0.productName']);
    const sku = CreateWorkOrderBody.safeParse({ ...immediate, productUpdates: [{ ...item, variantId: 2, variantSku: 'x'.repeat(256) }] });
    expect(Object.keys(fieldsFromZodError(sku.error!))).toEqual(['productUpdates.0.variantSku']);
  });

  it('refuses a price string over 14 characters', () => {
    const result = CreateWorkOrderBody.safeParse({ ...immediate, productUpdates: [{ ...item, newRegularPrice: '9'.repeat(1_000_000) }] });
    expect(fieldsFromZodError(result.error!)).toEqual({ 'productUpdates.0.newRegularPrice': 'Enter a price between 0.00 and 99,999,999.99' });
  });

  it('accepts an immediate order and normalizes its prices to 2 decimals', () => {
    const order = CreateWorkOrderBody.parse(immediate);
    expect(order.productUpdates[0]?.newRegularPrice).toBe('19.90');
    expect(order.title).toBe('Spring sale');
  });

  it('accepts a scheduled order with an ISO date-time', () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const order = CreateWorkOrderBody.parse({
      ...immediate,
      executeImmediately: false,
      scheduledAt: soon,
    });
    expect(order.scheduledAt).toBe(soon);
  });

  it('refuses a start or an end more than 366 days ahead, naming the field (issue 31)', () => {
    const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    expect(CreateWorkOrderBody.safeParse({ ...immediate, executeImmediately: false, scheduledAt: days(365) }).success).toBe(true);
    const far = CreateWorkOrderBody.safeParse({ ...immediate, executeImmediately: false, scheduledAt: '9999-12-31T00:00:00.000Z' });
    expect(far.success).toBe(false);
    expect(far.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['scheduledAt', WORK_ORDER_MESSAGES.scheduleTooFar]);
    const end = CreateWorkOrderBody.safeParse({ ...immediate, revertAt: days(367) });
    expect(end.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['revertAt', WORK_ORDER_MESSAGES.revertTooFar]);
    expect(isTooFarAhead(days(366.5))).toBe(true);
    expect(isTooFarAhead(null)).toBe(false);
  });

  it("says 'Please enter a work order title' for a missing or blank title", () => {
    expect(messageOf({ ...immediate, title: '   ' })).toBe('Please enter a work order title');
    expect(messageOf({ ...immediate, title: undefined })).toBe('Please enter a work order title');
  });

  it('trims the title', () => {
    expect(CreateWorkOrderBody.parse({ ...immediate, title: '  Spring sale ' }).title).toBe('Spring sale');
  });

  it("says 'Please select at least one product' for no products", () => {
    expect(messageOf({ ...immediate, productUpdates: [] })).toBe('Please select at least one product');
    expect(messageOf({ ...immediate, productUpdates: undefined })).toBe('Please select at least one product');
  });

  it("says 'Please set prices for selected products' for an item that changes nothing", () => {
    const result = CreateWorkOrderBody.safeParse({
      ...immediate,
      productUpdates: [{ productId: 1, productName: 'Linen shirt' }],
    });
    expect(result.error?.issues[0]?.message).toBe('Please set prices for selected products');
    expect(fieldsFromZodError(result.error!)).toEqual({ 'productUpdates.0': 'Please set prices for selected products' });
  });

  it('treats a null regular price as unchanged and a null sale price as clearing it', () => {
    expect(
      messageOf({ ...immediate, productUpdates: [{ productId: 1, productName: 'A', newRegularPrice: null }] }),
    ).toBe('Please set prices for selected products');
    const cleared = CreateWorkOrderBody.parse({
      ...immediate,
      productUpdates: [{ productId: 1, productName: 'A', newSalePrice: null }],
    });
    expect(cleared.productUpdates[0]?.newSalePrice).toBeNull();
  });

  it("says 'Please set both date and time for scheduled work order' when a scheduled order has no time", () => {
    const result = CreateWorkOrderBody.safeParse({ ...immediate, executeImmediately: false, scheduledAt: null });
    expect(fieldsFromZodError(result.error!)).toEqual({
      scheduledAt: 'Please set both date and time for scheduled work order',
    });
    expect(messageOf({ title: 'x', productUpdates: [item] })).toBe(
      'Please set both date and time for scheduled work order',
    );
  });

  it('rejects a scheduled time that is not an ISO date-time', () => {
    expect(CreateWorkOrderBody.safeParse({ ...immediate, scheduledAt: '01/02/2030 9:00' }).success).toBe(false);
  });

  it('rejects a price outside 0.00 to 99,999,999.99 with the price message', () => {
    const result = CreateWorkOrderBody.safeParse({
      ...immediate,
      productUpdates: [{ ...item, newRegularPrice: '-5' }],
    });
    expect(fieldsFromZodError(result.error!)).toEqual({
      'productUpdates.0.newRegularPrice': 'Enter a price between 0.00 and 99,999,999.99',
    });
  });

  it('keeps every variant change of a product (not only the first)', () => {
    const order = CreateWorkOrderBody.parse({
      ...immediate,
      productUpdates: [
        { productId: 1, productName: 'Shirt', variantId: 10, variantSku: 'S-S', newRegularPrice: '10' },
        { productId: 1, productName: 'Shirt', variantId: 11, variantSku: 'S-M', newRegularPrice: '11' },
      ],
    });
    expect(order.productUpdates).toHaveLength(2);
  });

  it('rejects the same product or variant twice', () => {
    const result = CreateWorkOrderBody.safeParse({
      ...immediate,
      productUpdates: [item, { ...item, newRegularPrice: '5' }],
    });
    expect(fieldsFromZodError(result.error!)).toEqual({
      'productUpdates.1': 'A product or variant appears twice in this work order',
    });
  });

  it('accepts a client UUID as idempotency key and rejects anything else there', () => {
    const id = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
    expect(CreateWorkOrderBody.parse({ ...immediate, id }).id).toBe(id);
    expect(CreateWorkOrderBody.safeParse({ ...immediate, id: 'order-1' }).success).toBe(false);
  });

  it('lets a price list order\'s item remove its record, with no prices, and refuses that in a catalog order', () => {
    const removal = { productId: 1, productName: 'Linen shirt', variantId: 11, removeRecord: true as const };
    const list = { ...immediate, productUpdates: [removal], target: { priceListId: 7, currency: 'USD' } };
    expect(CreateWorkOrderBody.parse(list).productUpdates[0]).toMatchObject({ removeRecord: true });
    const catalog = CreateWorkOrderBody.safeParse({ ...immediate, productUpdates: [removal] });
    expect(fieldsFromZodError(catalog.error!)).toEqual({ 'productUpdates.0.removeRecord': PRICE_LIST_ORDER_MESSAGES.removeInList });
    const priced = CreateWorkOrderBody.safeParse({ ...list, productUpdates: [{ ...removal, newSalePrice: '5.00' }] });
    expect(fieldsFromZodError(priced.error!)).toEqual({ 'productUpdates.0.removeRecord': WORK_ORDER_MESSAGES.removeRecord });
  });

  it('defaults executeImmediately to false', () => {
    const order = CreateWorkOrderBody.parse({ title: 'x', productUpdates: [item], scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(order.executeImmediately).toBe(false);
  });
});

describe('WorkOrder', () => {
  const stored = {
    id: '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
    title: 'Spring sale',
    archived: false,
    productUpdates: [{ productId: 1, productName: 'Shirt', newRegularPrice: '10.00' }],
    executeImmediately: true,
    scheduledAt: null,
    createdAt: '2030-01-01T09:00:00.000Z',
    executedAt: null,
    undoneAt: null,
    error: null,
    productCount: 1,
    regularPriceUpdates: 1,
    salePriceUpdates: 0,
  };

  it('reads a missing status as pending', () => {
    expect(WorkOrder.parse(stored).status).toBe('pending');
  });

  it('knows only the five statuses', () => {
    expect(WorkOrder.safeParse({ ...stored, status: 'executing' }).success).toBe(true);
    expect(WorkOrder.safeParse({ ...stored, status: 'running' }).success).toBe(false);
  });
});

describe('WorkOrderListQuery', () => {
  it('reads includeArchived from the query string, false by default', () => {
    expect(WorkOrderListQuery.parse({}).includeArchived).toBe(false);
    expect(WorkOrderListQuery.parse({ includeArchived: 'true' }).includeArchived).toBe(true);
    expect(WorkOrderListQuery.parse({ includeArchived: 'false' }).includeArchived).toBe(false);
  });

  it(`pages: ${DEFAULT_PAGE_LIMIT} by default, 1 to ${MAX_PAGE_LIMIT}, the cursor read as (createdAt, id)`, () => {
    expect(WorkOrderListQuery.parse({})).toEqual({ includeArchived: false, limit: DEFAULT_PAGE_LIMIT });
    const at = new Date('2030-01-01T09:00:00.000Z');
    const id = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
    expect(WorkOrderListQuery.parse({ cursor: timeIdCursor({ at, id }), limit: '100' })).toEqual({ includeArchived: false, limit: 100, cursor: { at, id } });
    expect(WorkOrderListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(WorkOrderListQuery.safeParse({ limit: '0' }).success).toBe(false);
    const bad = WorkOrderListQuery.safeParse({ cursor: 'bm90IGEgY3Vyc29y' });
    expect(bad.error?.issues).toEqual([expect.objectContaining({ path: ['cursor'], message: PAGING_MESSAGES.cursor })]);
  });
});

describe('WorkOrderSummary', () => {
  it('has no items, and keeps only the counts of a revert report', () => {
    const summary = WorkOrderSummary.parse({
      id: '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b', title: 'Sale', archived: false, executeImmediately: true, scheduledAt: null,
      createdAt: '2030-01-01T09:00:00.000Z', executedAt: null, undoneAt: '2030-01-02T09:00:00.000Z', status: 'undone', error: null,
      productCount: 1, regularPriceUpdates: 1, salePriceUpdates: 0, itemCount: 2,
      productUpdates: [{ productId: 1, productName: 'Shirt', newRegularPrice: '10.00' }],
      revertReport: { restored: 1, kept: 1, unchanged: 0, forced: false, items: [] },
    });
    expect(summary).not.toHaveProperty('productUpdates');
    expect(summary.revertReport).toEqual({ restored: 1, kept: 1, unchanged: 0, forced: false });
    expect(summary.itemCount).toBe(2);
  });
});

describe('WorkOrderDetailQuery', () => {
  it(`pages the items: ${DEFAULT_ITEMS_PAGE_LIMIT} by default, at most ${MAX_ITEMS_PAGE_LIMIT}, the cursor read as a position`, () => {
    expect(WorkOrderDetailQuery.parse({})).toEqual({ itemsLimit: DEFAULT_ITEMS_PAGE_LIMIT });
    expect(WorkOrderDetailQuery.parse({ itemsCursor: workOrderItemsCursor(200), itemsLimit: '500' })).toEqual({ itemsCursor: 200, itemsLimit: 500 });
    expect(WorkOrderDetailQuery.safeParse({ itemsLimit: String(MAX_ITEMS_PAGE_LIMIT + 1) }).success).toBe(false);
    for (const cursor of [workOrderItemsCursor(MAX_WORK_ORDER_ITEMS + 1), timeIdCursor({ at: new Date(1), id: 'x' }), '%%']) {
      expect(WorkOrderDetailQuery.safeParse({ itemsCursor: cursor }).error?.issues[0]?.path).toEqual(['itemsCursor']);
    }
  });
});

describe('WorkOrderOverlapsBody', () => {
  it(`takes 1 to ${MAX_WORK_ORDER_ITEMS.toLocaleString('en-US')} products or variants and nothing else`, () => {
    expect(WorkOrderOverlapsBody.parse({ items: [{ productId: 1 }, { productId: 1, variantId: 2 }] }).items).toHaveLength(2);
    expect(WorkOrderOverlapsBody.safeParse({ items: [] }).success).toBe(false);
    expect(WorkOrderOverlapsBody.safeParse({ items: Array.from({ length: MAX_WORK_ORDER_ITEMS + 1 }, (_, i) => ({ productId: i + 1 })) }).success).toBe(false);
    expect(WorkOrderOverlapsBody.safeParse({ items: [{ productId: 1, price: '1.00' }] }).success).toBe(false);
    expect(WorkOrderOverlapsBody.safeParse({ items: [{ productId: 0 }] }).success).toBe(false);
  });
});

describe('UpdateWorkOrderBody (issue 31)', () => {
  const soon = new Date(Date.now() + 3_600_000).toISOString();
  it('takes the end, the start or the items, at least one, and not a start and "run now" together', () => {
    expect(UpdateWorkOrderBody.safeParse({ revertAt: null }).success).toBe(true);
    expect(UpdateWorkOrderBody.safeParse({ scheduledAt: soon }).success).toBe(true);
    expect(UpdateWorkOrderBody.safeParse({ executeImmediately: true }).success).toBe(true);
    expect(UpdateWorkOrderBody.safeParse({ productUpdates: [item] }).success).toBe(true);
    expect(UpdateWorkOrderBody.safeParse({}).error!.issues[0]!.message).toBe(WORK_ORDER_MESSAGES.noChange);
    expect(UpdateWorkOrderBody.safeParse({ scheduledAt: soon, executeImmediately: true }).success).toBe(false);
    expect(UpdateWorkOrderBody.safeParse({ productUpdates: [item, item] }).error!.issues[0]!.message).toBe(WORK_ORDER_MESSAGES.duplicate);
    expect(UpdateWorkOrderBody.safeParse({ status: 'pending' }).success).toBe(false);
  });
  it('refuses year 9999 for the start and the end, naming the field', () => {
    expect(UpdateWorkOrderBody.safeParse({ revertAt: '9999-01-01T00:00:00.000Z' }).error!.issues[0]!.path).toEqual(['revertAt']);
    expect(UpdateWorkOrderBody.safeParse({ scheduledAt: '9999-01-01T00:00:00.000Z' }).error!.issues[0]!.path).toEqual(['scheduledAt']);
  });
});
