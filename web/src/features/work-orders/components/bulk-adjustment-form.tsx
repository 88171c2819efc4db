/**
 * The bulk adjustment: which price (regular, sale or retail/MSRP), how (percentage, fixed amount,
 * set to a price, a margin over cost, a percentage of MSRP), up or down, the value, and the
 * rounding (an ending, the merchant's own ending, or an increment; up, down or to the nearest);
 * Apply writes the new prices of every selected product and variant into the form and says how
 * many items it left as they are (no cost, no MSRP), and 'Remove All Sale Prices' clears their
 * sale prices. The spec's messages (section 5) for what cannot be applied. In the EU mode (issue
 * 36) it offers "the 30-day low", which reads the lows from the server first (online only).
 */
import { Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useScreenQuery } from '../../../lib/media-query';
import { notifications } from '@mantine/notifications';
import {
  BULK_ADJUSTMENT_MESSAGES,
  PRICE_ENDING_LABELS,
  PRICE_ENDINGS,
  ROUNDING_INCREMENTS,
  bulkAdjustmentMessage,
  defaultDirection,
  parseBulkAdjustment,
  priorLowModeLabel,
  removeSalePricesMessage,
  skippedMessage,
  type AdjustmentDirection,
  type AdjustmentMode,
  type BulkAdjustmentInput,
  type PriceEnding,
  type PriceField,
  type RoundingDirection,
} from '@catalog/contracts/bulk-adjustment';
import { formatCents } from '@catalog/contracts/money';
import type { PriorLows } from '@catalog/contracts/prior-price';
import { useId, useState, type Dispatch } from 'react';
import type { LocalProduct } from '../../../local/catalog-query';
import type { ListPrices } from '../utils/list-prices';
import { countSkipped, type WorkOrderFormAction } from '../utils/work-order-form';
import { priorLowHint, priorLowOfflineMessage, usePriorLowAdjustment } from '../hooks/use-prior-low-adjustment';
import tones from './tones.module.css';

const MODES: Array<{ value: AdjustmentMode; label: string }> = [
  { value: 'percent', label: 'Percentage' },
  { value: 'fixed', label: 'Fixed amount' },
  { value: 'set', label: 'Set to price' },
  { value: 'marginOverCost', label: 'Margin over cost (cost + %)' },
  { value: 'percentOfRetail', label: 'Percentage of MSRP' },
];

const VALUE_LABELS: Readonly<Record<Exclude<AdjustmentMode, 'priorLow'>, string>> = {
  percent: 'Percentage',
  fixed: 'Amount',
  set: 'New price',
  marginOverCost: 'Margin over cost',
  percentOfRetail: 'Percentage of MSRP',
};

const VALUE_HINTS: Partial<Record<AdjustmentMode, string>> = {
  marginOverCost: '40 sets cost + 40%: a cost of 10.00 gives 14.00',
  percentOfRetail: '90 sets 90% of MSRP: an MSRP of 50.00 gives 45.00',
};

const ROUND_DIRECTIONS: Array<{ value: RoundingDirection; label: string }> = [
  { value: 'nearest', label: 'Nearest' },
  { value: 'up', label: 'Up' },
  { value: 'down', label: 'Down' },
];

const INCREMENTS = ROUNDING_INCREMENTS.map((cents) => ({ value: String(cents), label: formatCents(cents) }));

const isPercent = (mode: AdjustmentMode) => mode === 'percent' || mode === 'marginOverCost' || mode === 'percentOfRetail';

export interface BulkAdjustmentFormProps {
  selectedCount: number;
  /** The selected products, to count those a margin over cost or a share of MSRP leaves alone. */
  products?: readonly LocalProduct[];
  dispatch: Dispatch<WorkOrderFormAction>;
  /** The form's price list's records (issue 35): adjusts the list's prices, and no MSRP. */
  list?: ListPrices | null;
  /** When the order would run (null: now): the moment of the 30-day low. */
  startsAt?: Date | null;
}

/** Said when an MSRP adjustment is applied to a price list's prices. */
export const LIST_RETAIL_MESSAGE = 'A price list work order changes the price and sale price only';

/** The width (px) under which the three price types' labels do not fit side by side. */
const PRICE_TYPES_MIN_WIDTH = 380;

export function BulkAdjustmentForm({ selectedCount, products = [], dispatch, list = null, startsAt = null }: BulkAdjustmentFormProps) {
  const [input, setInput] = useState<BulkAdjustmentInput>({
    field: 'regular',
    mode: 'percent',
    direction: defaultDirection('regular'),
    value: '',
    ending: 'none',
    customEnding: '',
    incrementCents: 5,
    roundDirection: 'nearest',
  });
  const [error, setError] = useState<string | null>(null);
  const [endingError, setEndingError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<string | null>(null);
  const prior = usePriorLowAdjustment(startsAt, list?.target ?? null);
  const modes = prior.available ? [...MODES, { value: 'priorLow', label: priorLowModeLabel(prior.days), disabled: !prior.online }] : MODES;
  // The price types one above the other where the three do not fit in a row: on a phone, and in
  // the price panel beside the product list (a tablet in landscape, a narrow desktop window).
  const fieldRow = useElementSize();
  const narrow = useScreenQuery('(max-width: 30em)') || (fieldRow.width > 0 && fieldRow.width < PRICE_TYPES_MIN_WIDTH);
  const ids = { field: useId(), direction: useId(), title: useId(), round: useId() };
  const update = (patch: Partial<BulkAdjustmentInput>) => {
    setInput((prev) => ({ ...prev, ...patch }));
    setError(null);
    setEndingError(null);
  };

  const fail = (message: string) => {
    setError(message);
    notifications.show({ color: 'red', title: 'Cannot apply', message });
  };

  const apply = async () => {
    const parsed = parseBulkAdjustment({ ...input, days: prior.days }, selectedCount);
    if (!parsed.ok) {
      if (input.ending === 'custom' && parsed.error.includes('ending')) {
        setEndingError(parsed.error);
        notifications.show({ color: 'red', title: 'Cannot apply', message: parsed.error });
        return;
      }
      return fail(parsed.error);
    }
    if (list && parsed.adjustment.field === 'retail') return fail(LIST_RETAIL_MESSAGE);
    let lows: PriorLows | null = null;
    if (parsed.adjustment.mode === 'priorLow') {
      const read = await prior.read(products.map((p) => p.id));
      if ('error' in read) return fail(read.error);
      lows = read.lows;
    }
    const counts = countSkipped(products, parsed.adjustment, list, lows);
    const left = [skippedMessage('noCost', counts.noCost), skippedMessage('noRetail', counts.noRetail), skippedMessage('noPriorLow', counts.noPriorLow, prior.days)]
      .filter(Boolean).join('. ');
    setSkipped(left ? `${left}.` : null);
    dispatch({ type: 'bulk', adjustment: parsed.adjustment, ...(list ? { list } : {}), ...(lows ? { lows } : {}) });
    const message = bulkAdjustmentMessage(parsed.adjustment, selectedCount);
    notifications.show({ color: 'green', title: 'Prices updated', message: left ? `${message}. ${left}.` : message });
  };

  const removeSalePrices = () => {
    if (selectedCount === 0) return fail(BULK_ADJUSTMENT_MESSAGES.noSelection);
    dispatch({ type: 'removeSalePrices', ...(list ? { list } : {}) });
    notifications.show({ color: 'green', title: 'Prices updated', message: removeSalePricesMessage(selectedCount) });
  };

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={ids.title}>
      <Title order={3} size="h5" id={ids.title}>
        Bulk Adjustment
      </Title>
      <Stack gap="sm" mt="xs">
        <div ref={fieldRow.ref}>
          <Text size="sm" fw={500} id={ids.field} mb={4}>
            Price type
          </Text>
          <SegmentedControl
            aria-labelledby={ids.field}
            fullWidth
            orientation={narrow ? 'vertical' : 'horizontal'}
            data={[
              { value: 'regular', label: 'Regular price' },
              { value: 'sale', label: 'Sale price' },
              // A price list order changes a record's price and sale price only.
              { value: 'retail', label: 'Retail price (MSRP)', disabled: !!list },
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
            data={modes}
            value={input.mode}
            allowDeselect={false}
            onChange={(value) => value && update({ mode: value as AdjustmentMode })}
            description={input.mode === 'priorLow' ? (prior.online ? priorLowHint(prior.days) : priorLowOfflineMessage(prior.days)) : undefined}
          />
          {input.mode !== 'priorLow' && <Select
            label="Round to"
            data={PRICE_ENDINGS.map((value) => ({ value, label: PRICE_ENDING_LABELS[value] }))}
            value={input.ending === 'whole' ? '00' : input.ending}
            allowDeselect={false}
            onChange={(value) => value && update({ ending: value as PriceEnding })}
          />}
        </SimpleGrid>
        {input.ending !== 'none' && input.mode !== 'priorLow' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {input.ending === 'custom' && (
              <TextInput
                label="Ending digits"
                description="50 for x.50, 9 for x9.00"
                inputMode="numeric"
                autoComplete="off"
                maxLength={2}
                value={input.customEnding ?? ''}
                onChange={(e) => update({ customEnding: e.currentTarget.value })}
                error={endingError}
              />
            )}
            {input.ending === 'increment' && (
              <Select
                label="Increment"
                data={INCREMENTS}
                value={String(input.incrementCents ?? 5)}
                allowDeselect={false}
                onChange={(value) => value && update({ incrementCents: Number(value) })}
              />
            )}
            <div>
              <Text size="sm" fw={500} id={ids.round} mb={4}>
                Round
              </Text>
              <SegmentedControl
                aria-labelledby={ids.round}
                fullWidth
                data={ROUND_DIRECTIONS}
                value={input.roundDirection ?? 'nearest'}
                onChange={(value) => update({ roundDirection: value as RoundingDirection })}
              />
            </div>
          </SimpleGrid>
        )}
        {(input.mode === 'percent' || input.mode === 'fixed') && (
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
        {input.mode !== 'priorLow' && <TextInput
          label={VALUE_LABELS[input.mode]}
          description={VALUE_HINTS[input.mode]}
          placeholder={input.mode === 'percent' ? '10' : input.mode === 'marginOverCost' ? '40' : input.mode === 'percentOfRetail' ? '90' : '5.00'}
          inputMode="decimal"
          autoComplete="off"
          rightSection={isPercent(input.mode) ? <Text size="sm" aria-hidden="true">%</Text> : null}
          value={input.value}
          onChange={(e) => update({ value: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          error={error}
        />}
        {input.mode === 'priorLow' && error && (
          <Text size="sm" className={tones.danger} role="alert">
            {error}
          </Text>
        )}
        {skipped && (
          <Alert color="gray" variant="light" p="xs" aria-live="polite">
            <Text size="sm">{skipped}</Text>
          </Alert>
        )}
        <Group gap="xs" wrap="wrap">
          <Button onClick={() => void apply()} loading={prior.busy}>Apply</Button>
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
