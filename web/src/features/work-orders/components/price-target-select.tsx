/**
 * "Prices:" of the create form (issue 35): the catalog's prices, or one price list's in one of its
 * currencies ("Wholesale (USD)", contracts targetName), from the device's copy of the lists. A
 * device without lists (none in the store, or not pulled yet) offers only the catalog and says so.
 */
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import { targetName, type PriceListTarget } from '@catalog/contracts/work-orders';
import { Select } from '@mantine/core';
import { useMemo } from 'react';

export const PRICES_SELECT_ID = 'work-order-prices';

/** The select's value of the catalog. */
const CATALOG_VALUE = 'catalog';

/** The select's value of a target: 'catalog' or '7:USD'. */
export const targetValue = (target: PriceListTarget | null | undefined) => (target ? `${target.priceListId}:${target.currency}` : CATALOG_VALUE);

/** The target a select value names (anything else: the catalog). */
export function targetOfValue(value: string | null): PriceListTarget | null {
  const m = /^(\d+):([A-Z]{3})$/.exec(value ?? '');
  return m ? { priceListId: Number(m[1]), currency: m[2]! } : null;
}

/** The options: the catalog, then every list in each of its currencies, by name; a chosen target the lists no longer have stays. */
export function targetChoices(lists: ReadonlyArray<Pick<PriceListSummary, 'id' | 'name' | 'currencies'>>, chosen?: PriceListTarget | null): Array<{ value: string; label: string }> {
  const sorted = [...lists].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const choices = [
    { value: CATALOG_VALUE, label: 'Catalog' },
    ...sorted.flatMap((l) => l.currencies.map((currency) => {
      const target = { priceListId: l.id, currency };
      return { value: targetValue(target), label: targetName(target, l.name) };
    })),
  ];
  if (chosen && !choices.some((c) => c.value === targetValue(chosen))) choices.push({ value: targetValue(chosen), label: targetName(chosen, null) });
  return choices;
}

export interface PriceTargetSelectProps {
  value: PriceListTarget | null | undefined;
  /** undefined while the device's lists are read. */
  lists: readonly PriceListSummary[] | undefined;
  onChange: (target: PriceListTarget | null) => void;
}

export function PriceTargetSelect({ value, lists, onChange }: PriceTargetSelectProps) {
  const data = useMemo(() => targetChoices(lists ?? [], value), [lists, value]);
  let description = 'The catalog, or the prices of one price list in one currency.';
  if (lists === undefined) description = 'Loading your price lists...';
  else if (data.length === 1) description = 'No price lists on this device: sync your store to change a price list.';
  return (
    <Select
      id={PRICES_SELECT_ID}
      label="Prices:"
      data={data}
      value={targetValue(value)}
      onChange={(v) => onChange(targetOfValue(v))}
      allowDeselect={false}
      disabled={data.length === 1}
      description={description}
    />
  );
}
