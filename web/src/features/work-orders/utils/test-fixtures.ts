/** Local catalog rows and listed work orders for the work-order feature's tests. */
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import type { LocalProduct } from '../../../local/catalog-query';
import type { LocalVariant } from './price-targets';

export function testVariant(id: number, productId: number, overrides: Partial<LocalVariant> = {}): LocalVariant {
  return {
    id,
    productId,
    variantSku: `SKU-${id}`,
    regularPrice: null,
    salePrice: null,
    retailPrice: null,
    costPrice: null,
    stock: 5,
    optionValues: [],
    version: 1,
    ...overrides,
  };
}

export function testProduct(id: number, overrides: Partial<LocalProduct> = {}): LocalProduct {
  return {
    id,
    name: `Product ${id}`,
    category: 'Home > Kitchen',
    sku: `P-${id}`,
    regularPrice: '20.00',
    salePrice: null,
    retailPrice: null,
    costPrice: null,
    brand: null,
    stock: 10,
    weight: null,
    status: 'published',
    isVisible: true,
    lastUpdated: '2025-01-01T00:00:00.000Z',
    version: 1,
    variants: [],
    ...overrides,
  };
}

/** A work order as a page of the list has it (a summary: no items). */
export function testOrder(overrides: Partial<WorkOrderSummary> = {}): WorkOrderSummary {
  return {
    id: '0b4f2d4e-1c7a-4a53-9a0e-7d3f1c2b5a61',
    title: 'Kitchen +10%',
    status: 'pending',
    archived: false,
    executeImmediately: false,
    scheduledAt: '2030-03-05T15:07:00.000Z',
    createdAt: '2030-03-01T09:00:00.000Z',
    executedAt: null,
    undoneAt: null,
    error: null,
    itemCount: 5,
    productCount: 3,
    regularPriceUpdates: 4,
    salePriceUpdates: 1,
    retailPriceUpdates: 0,
    revertAt: null,
    target: null,
    undoTrigger: null,
    revertReport: null,
    warning: null,
    needsAttention: false,
    createdByName: null,
    createdById: null,
    approvedBy: null,
    approvedAt: null,
    rejectedBy: null,
    rejectedAt: null,
    rejectionReason: null,
    repeat: null,
    series: null,
    ...overrides,
  };
}
