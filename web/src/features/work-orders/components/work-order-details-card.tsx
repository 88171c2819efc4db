/**
 * The create form's details: Title (required), the prices the order changes ("Prices:" the
 * catalog or a price list, issue 35), Execute Immediately or Schedule for Later with the date and
 * time (native inputs, in local time) and whether it repeats (issue 36), the optional end ("End the
 * sale automatically": Revert at date and time), and how many products are selected.
 */
import { Button, Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Dispatch, ReactNode } from 'react';
import type { FormErrors } from '../utils/build-work-order';
import { toDateTimeInputs } from '../utils/schedule-inputs';
import type { WorkOrderFormAction, WorkOrderFormState } from '../utils/work-order-form';
import { RepeatInputs } from './repeat-inputs';

export const TITLE_INPUT_ID = 'work-order-title';
export const DATE_INPUT_ID = 'work-order-date';
export const REVERT_DATE_INPUT_ID = 'work-order-revert-date';

export interface WorkOrderDetailsCardProps {
  state: WorkOrderFormState;
  dispatch: Dispatch<WorkOrderFormAction>;
  /** Shown once the merchant has tried to create the order. */
  errors: FormErrors | null;
  variantCount: number;
  /** The "Prices:" choice (components/price-target-select.tsx). */
  pricesSelect?: ReactNode;
}

export function WorkOrderDetailsCard({ state, dispatch, errors, variantCount, pricesSelect }: WorkOrderDetailsCardProps) {
  const selected = state.selectedIds.length;
  const [today] = toDateTimeInputs(new Date());
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="work-order-details-title">
      <Title order={2} size="h4" id="work-order-details-title">
        Work Order Details
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="sm">
        <Stack gap="sm">
          <TextInput
            id={TITLE_INPUT_ID}
            label="Title"
            placeholder="e.g. Spring prices: kitchen +10%"
            required
            maxLength={200}
            value={state.title}
            onChange={(e) => dispatch({ type: 'title', value: e.currentTarget.value })}
            error={errors?.title}
          />
          {pricesSelect}
          <Group gap="xs" align="center">
            <Text size="sm" fw={500} aria-live="polite">
              {selected === 0
                ? 'No products selected'
                : `${selected.toLocaleString('en-US')} ${selected === 1 ? 'product' : 'products'} selected` +
                  (variantCount > 0 ? ` (${variantCount.toLocaleString('en-US')} variants)` : '')}
            </Text>
            {selected > 0 && (
              <Button size="compact-sm" variant="subtle" onClick={() => dispatch({ type: 'clearSelection' })}>
                Clear selection
              </Button>
            )}
          </Group>
        </Stack>
        <Stack gap="sm">
          <Radio.Group
            label="Schedule"
            value={state.schedule}
            onChange={(value) => dispatch({ type: 'schedule', value: value === 'scheduled' ? 'scheduled' : 'immediate' })}
          >
            <Group gap="lg" mt={6}>
              <Radio value="immediate" label="Execute Immediately" />
              <Radio value="scheduled" label="Schedule for Later" />
            </Group>
          </Radio.Group>
          {state.schedule === 'scheduled' && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                id={DATE_INPUT_ID}
                type="date"
                label="Date"
                required
                min={today}
                value={state.date}
                onChange={(e) => dispatch({ type: 'date', value: e.currentTarget.value })}
                error={errors?.schedule}
              />
              <TextInput
                type="time"
                label="Time"
                required
                value={state.time}
                onChange={(e) => dispatch({ type: 'time', value: e.currentTarget.value })}
                error={!!errors?.schedule}
                aria-describedby={errors?.schedule ? `${DATE_INPUT_ID}-error` : undefined}
              />
            </SimpleGrid>
          )}
          {state.schedule === 'scheduled' && <RepeatInputs state={state} dispatch={dispatch} error={errors?.repeat} min={state.date || today} />}
          <Checkbox
            label="End the sale automatically"
            description="At this time the prices go back, except those changed since (they are kept)."
            checked={state.revert}
            onChange={(e) => dispatch({ type: 'revert', value: e.currentTarget.checked })}
          />
          {state.revert && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                id={REVERT_DATE_INPUT_ID}
                type="date"
                label="Revert at (date)"
                required
                min={state.schedule === 'scheduled' && state.date ? state.date : today}
                value={state.revertDate}
                onChange={(e) => dispatch({ type: 'revertDate', value: e.currentTarget.value })}
                error={errors?.revert}
              />
              <TextInput
                type="time"
                label="Revert at (time)"
                required
                value={state.revertTime}
                onChange={(e) => dispatch({ type: 'revertTime', value: e.currentTarget.value })}
                error={!!errors?.revert}
                aria-describedby={errors?.revert ? `${REVERT_DATE_INPUT_ID}-error` : undefined}
              />
            </SimpleGrid>
          )}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
