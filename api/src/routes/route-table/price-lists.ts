/**
 * The route table's rows for the store's price lists (issue 35): the lists the store has, with
 * what hangs on them, the records changed after a device's cursor (replication), and a list's
 * records in pages. Reading them is reading the catalog.
 */
import { IntIdParam } from '@catalog/contracts/common';
import { PriceListChangesPage, PriceListChangesQuery } from '@catalog/contracts/price-list-changes';
import { PriceListRecordsQuery, PriceListRecordsResponse, PriceListsResponse } from '@catalog/contracts/price-lists';
import type { RouteRows } from './route-spec';

export const PRICE_LIST_ROUTES = {
  'GET /api/price-lists': {
    summary: 'The store\u2019s price lists, each with its currencies, customer groups, channels and record counts', access: 'catalog.read',
    responses: { 200: PriceListsResponse },
  },
  'GET /api/price-lists/changes': {
    summary: 'Replication: the price list records changed after a cursor, in pages, with every list (`reset`: drop the local copy first)',
    access: 'catalog.read', query: PriceListChangesQuery, responses: { 200: PriceListChangesPage },
  },
  'GET /api/price-lists/:id/records': {
    summary: 'A price list\u2019s records (variant, currency, prices), a page at a time, by product, SKU or currency', access: 'catalog.read',
    params: IntIdParam, notFound: 'Price list not found', query: PriceListRecordsQuery, responses: { 200: PriceListRecordsResponse },
  },
} as const satisfies RouteRows;
