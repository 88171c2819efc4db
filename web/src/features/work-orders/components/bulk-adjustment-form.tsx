/**
 * The bulk adjustment: which price (regular or sale), how (percentage, fixed amount, set to a
 * price), up or down, the value, and the price ending to round to; Apply writes the new prices
 * of every selected product and variant into the form, and 'Remove All Sale Prices' clears
 * their sale prices. The spec's messages (section 5) for what cannot be applied.
 */
import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BULK_ADJUSTMENT_MESSAGES,
  PRICE_ENDING_LABELS,
  PRICE_ENDINGS,
  bulkAdjustmentMessage,
  defaultDirection,
  parseBulkAdjustment,
  removeSalePricesMessage,
  type AdjustmentDirection,
  type AdjustmentMode,
  type BulkAdjustmentInput,
  type PriceEnding,
  type PriceField,
} from '@catalog/contracts/bulk-adjustment';
import { useId, useState, type Dispatch } from 'react';
import type { WorkOrderFormAction } from '../utils/work-order-form';

const MODES: Array<{ value: AdjustmentMode; label: string }> = [
  { value: 'percent', label: 'Percentage' },
  { value: 'fixed', label: 'Fixed amount' },
  { value: 'set', label: 'Set to price' },
];

const VALUE_LABELS: Readonly<Record<AdjustmentMode, string>> = {
  percent: 'Percentage',
  fixed: 'Amount',
  set: 'New price',
};

export interface BulkAdjustmentFormProps {
  selectedCount: number;
  dispatch: Dispatch<WorkOrderFormAction>;
}

export function BulkAdjustmentForm({ selectedCount, dispatch }: BulkAdjustmentFormProps) {
  const [input, setInput] = useState<BulkAdjustmentInput>({
    field: 'regular',
    mode: 'percent',
    direction: defaultDirection('regular'),
    value: '',
    ending: 'none',
  });
  const [error, setError] = useState<string | null>(null);
  const ids = { field: useId(), direction: useId(), title: useId() };
  const update = (patch: Partial<BulkAdjustmentInput>) => {
    setInput((prev) => ({ ...prev, ...patch }));
    setError(null);
  };

  const fail = (message: string) => {
    setError(message);
    notifications.show({ color: 'red', title: 'Cannot apply', message });
  };

  const apply = () => {
    const parsed = parseBulkAdjustment(input, selectedCount);
    if (!parsed.ok) return fail(parsed.error);
    dispatch({ type: 'bulk', adjustment: parsed.adjustment });
    notifications.show({ color: 'green', title: 'Prices updated', message: bulkAdjustmentMessage(parsed.adjustment, selectedCount) });
  };

  const removeSalePrices = () => {
    if (selectedCount === 0) return fail(BULK_ADJUSTMENT_MESSAGES.noSelection);
    dispatch({ type: 'removeSalePrices' });
    notifications.show({ color: 'green', title: 'Prices updated', message: removeSalePricesMessage(selectedCount) });
  };

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={ids.title}>
      <Title order={3} size="h5" id={ids.title}>
        Bulk Adjustment
      </Title>
      <Stack gap="sm" mt="xs">
        <div>
          <Text size="sm" fw={500} id={ids.field} mb={4}>
            Price type
          </Text>
          <SegmentedControl
            aria-labelledby={ids.field}
            fullWidth
            data={[
              { value: 'regular', label: 'Regular price' },
              { value: 'sale', label: 'Sale price' },
            ]}
            value={input.field}
            onChange={(value) => {
              const field = value as PriceField;
              update({ field, direction: defaultDirection(field) });
            }}
          />
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Adjust by"
            data={MODES}
            value={input.mode}
            allowDeselect={false}
            onChange={(value) => value && update({ mode: value as AdjustmentMode })}
          />
          <Select
            label="Round to"
            data={PRICE_ENDINGS.map((value) => ({ value, label: PRICE_ENDING_LABELS[value] }))}
            value={input.ending}
            allowDeselect={false}
            onChange={(value) => value && update({ ending: value as PriceEnding })}
          />
        </SimpleGrid>
        {input.mode !== 'set' && (
          <div>
            <Text size="sm" fw={500} id={ids.direction} mb={4}>
              Direction
            </Text>
            <SegmentedControl
              aria-labelledby={ids.direction}
              fullWidth
              data={[
                { value: 'increase', label: 'Increase' },
                { value: 'decrease', label: input.field === 'sale' ? 'Discount' : 'Decrease' },
              ]}
              value={input.direction}
              onChange={(value) => update({ direction: value as AdjustmentDirection })}
            />
          </div>
        )}
        <TextInput
          label={VALUE_LABELS[input.mode]}
          placeholder={input.mode === 'percent' ? '10' : '5.00'}
          inputMode="decimal"
          autoComplete="off"
          rightSection={input.mode === 'percent' ? <Text size="sm" aria-hidden="true">%</Text> : null}
          value={input.value}
          onChange={(e) => update({ value: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          error={error}
        />
        <Group gap="xs" wrap="wrap">
          <Button onClick={apply}>Apply</Button>
          {input.field === 'sale' && (
            <Button variant="default" onClick={removeSalePrices}>
              Remove All Sale Prices
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
