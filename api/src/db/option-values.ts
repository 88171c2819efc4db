/**
 * A variant's stored option values as the API speaks them (contracts products.ts OptionValue):
 * the sync stores `[{ optionName, label }]`; anything else (a hand-edited row) reads as none.
 * One rule for both ways the API reads them: mapped with the rest of a variant's row
 * (services/catalog/catalog-wire.ts), and called from SQL where SQLite writes replication pages
 * (sqlite/replication-json.ts).
 */
import type { OptionValue } from '@catalog/contracts/products';

export function wireOptionValues(value: unknown): OptionValue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((o: unknown) => {
    const { optionName, label } = (o ?? {}) as { optionName?: unknown; label?: unknown };
    return typeof optionName === 'string' && typeof label === 'string' ? [{ optionName, label }] : [];
  });
}
