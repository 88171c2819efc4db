/**
 * The "Prices:" choice of a comparison (issue 35): the catalog, or one price list in one of its
 * currencies, named as the work-order screens name a price list target ("Wholesale (USD)").
 */
import { targetName } from '@catalog/contracts/work-orders';
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import type { PriceChoice } from '../api/backup-requests';

/** The select's value of the catalog. */
export const CATALOG_VALUE = 'catalog';

/** The select's value of a choice: 'catalog' or '7:USD'. */
export const choiceValue = (choice: PriceChoice) => (choice ? `${choice.priceListId}:${choice.currency}` : CATALOG_VALUE);

/** The choice a select value names (anything else: the catalog). */
export function choiceOf(value: string | null): PriceChoice {
  const m = /^(\d+):([A-Z]{3})$/.exec(value ?? '');
  return m ? { priceListId: Number(m[1]), currency: m[2]! } : null;
}

/** The options: the catalog, then every list in each of its currencies, by name. */
export function priceChoices(lists: ReadonlyArray<Pick<PriceListSummary, 'id' | 'name' | 'currencies'>>): Array<{ value: string; label: string }> {
  const sorted = [...lists].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return [
    { value: CATALOG_VALUE, label: 'Catalog' },
    ...sorted.flatMap((l) => l.currencies.map((currency) => {
      const target = { priceListId: l.id, currency };
      return { value: choiceValue(target), label: targetName(target, l.name) };
    })),
  ];
}
