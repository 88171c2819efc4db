/**
 * The price history export for audits (issue 36, item 5): `GET /api/price-history/export?from=&to=`
 * answers every price change of a period (`from <= changed_at < to`, at most 366 days; the range
 * rules and messages are csv.ts's PriceHistoryCsvQuery) as CSV, oldest first, with who or what
 * made each change. Its columns and the values of its `change` column are declared here once; its
 * query is csv.ts's PriceHistoryCsvQuery itself (the same bounds and 400s naming the field).
 */
/**
 * The columns, in order. Ids are the store's; `price_list_id` and `currency` are empty for the
 * catalog's own prices. An empty price: none (a variant inheriting its product's, not on sale), or
 * for the retail price (MSRP) that the change did not touch it. `approved_by` is the email of
 * the owner or admin who approved the work order (its run's rows only), `changed_by` the email
 * of whoever made the change (the undo's: who pressed Undo); both empty for the store's changes.
 * `record` (appended last, issue 36) says what a price list record's change did to the record:
 * `created` (there was none before: the old prices are the catalog's, which its customers paid)
 * or `deleted` (there is none after: the new prices are the catalog's of that moment, which apply
 * from then on); empty for a change of its prices, the catalog's changes and changes recorded
 * before the column existed.
 */
export const PRICE_HISTORY_EXPORT_COLUMNS = [
  'changed_at', 'product_id', 'product_name', 'sku', 'variant_id', 'price_list_id', 'currency',
  'old_regular_price', 'new_regular_price', 'old_sale_price', 'new_sale_price', 'old_retail_price', 'new_retail_price',
  'change', 'work_order_id', 'work_order_title', 'approved_by', 'changed_by', 'record',
] as const;

/**
 * What made a change, as the `change` column writes it:
 * - `manual_edit`: a price edited in the app (a member's edit under approvals becomes a one-item
 *   work order, "Price edit: ...", listed as `work_order` with its approver);
 * - `work_order`: a work order's run, with its title, and `approved_by` when it was approved;
 * - `undo`: a work order undone by someone (`changed_by`);
 * - `order_end`: a work order's end time came and restored the prices it had replaced;
 * - `webhook`: a change made in the store, brought within seconds by its webhook;
 * - `sync`: a change made in the store, found by a sync.
 */
export const PRICE_HISTORY_EXPORT_CHANGES = ['manual_edit', 'work_order', 'undo', 'order_end', 'webhook', 'sync'] as const;
export type PriceHistoryExportChange = (typeof PRICE_HISTORY_EXPORT_CHANGES)[number];
