/**
 * "Prices:" (issue 35): what a comparison and its restore are of, the catalog or one price list
 * in one of its currencies (GET /api/price-lists). While the lists load only the catalog can be
 * chosen; a store without price lists, or lists that could not be loaded, say so.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import type { PriceChoice } from '../api/backup-requests';
import { usePriceLists } from '../api/get-price-lists';
import { choiceOf, choiceValue, priceChoices } from '../utils/price-choice';

export interface PriceSelectProps {
  value: PriceChoice;
  onChange: (choice: PriceChoice) => void;
  disabled?: boolean;
}

export function PriceSelect({ value, onChange, disabled }: PriceSelectProps) {
  const lists = usePriceLists(true);
  const data = useMemo(() => priceChoices(lists.data?.priceLists ?? []), [lists.data]);
  const loading = !lists.data && lists.error === undefined;
  let description: string | undefined;
  if (loading) description = 'Loading your price lists...';
  else if (lists.error !== undefined && !lists.data) description = `Only the catalog can be compared: ${getErrorMessage(lists.error, 'your price lists could not be loaded.')}`;
  else if (data.length === 1) description = 'Your store has no price lists: only the catalog can be compared.';
  return (
    <Select
      label="Prices:"
      data={data}
      value={choiceValue(value)}
      onChange={(v) => onChange(choiceOf(v))}
      allowDeselect={false}
      disabled={disabled || data.length === 1}
      description={description}
      aria-busy={loading || undefined}
      w={280}
    />
  );
}
