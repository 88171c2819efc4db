/**
 * "Columns": the optional product columns (Brand, MSRP, Cost) as checkboxes in a popover, for
 * the table and the cards. Remembered on this device (localStorage).
 */
import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconColumns } from '@tabler/icons-react';
import { memo, useCallback, useMemo, useState, type ReactElement } from 'react';
import { Deferred } from '../../../components/deferred';

export const OPTIONAL_COLUMNS = ['brand', 'retailPrice', 'costPrice'] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];
export const COLUMN_LABELS: Readonly<Record<OptionalColumn, string>> = { brand: 'Brand', retailPrice: 'MSRP', costPrice: 'Cost' };

const isColumn = (v: unknown): v is OptionalColumn => typeof v === 'string' && (OPTIONAL_COLUMNS as readonly string[]).includes(v);

/** The columns chosen on this device, in their fixed order (anything else stored is ignored). */
export function useProductColumns(): [OptionalColumn[], (columns: OptionalColumn[]) => void] {
  const [stored, setStored] = useLocalStorage<unknown>({ key: 'catalog-pilot:product-columns', defaultValue: [], getInitialValueInEffect: false });
  // The same array while the choice stands (by value: Mantine's hook reads the stored array again
  // after mount, a new array with the same columns): the memoized cards and rows take it as a prop.
  const key = Array.isArray(stored) ? OPTIONAL_COLUMNS.filter((c) => stored.some((s) => s === c)).join(',') : '';
  const chosen = useMemo(() => (key ? (key.split(',') as OptionalColumn[]) : []), [key]);
  const choose = useCallback((columns: OptionalColumn[]) => setStored(OPTIONAL_COLUMNS.filter((c) => columns.includes(c))), [setStored]);
  return [chosen, choose];
}

export const ColumnChooser = memo(function ColumnChooser({ value, onChange }: { value: OptionalColumn[]; onChange: (columns: OptionalColumn[]) => void }) {
  const [opened, setOpened] = useState(false);
  const target = (onClick: () => void) => (
    <Button variant="default" leftSection={<IconColumns size={16} aria-hidden="true" />} aria-haspopup="dialog" aria-expanded={opened} onClick={onClick}>
      Columns
    </Button>
  );
  return (
    // In the app's first screen the popover's machinery comes at the first press (Deferred).
    <Deferred
      until="press"
      plain={(activate) =>
        target(() => {
          activate();
          setOpened(true);
        })
      }
    >
      <ColumnPopover value={value} onChange={onChange} opened={opened} onOpened={setOpened} target={target(() => setOpened((o) => !o))} />
    </Deferred>
  );
});

function ColumnPopover({ value, onChange, opened, onOpened, target }: {
  value: OptionalColumn[];
  onChange: (columns: OptionalColumn[]) => void;
  opened: boolean;
  onOpened: (opened: boolean) => void;
  target: ReactElement;
}) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal opened={opened} onChange={onOpened}>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group label="Show columns" value={value} onChange={(next) => onChange(next.filter(isColumn))}>
          <Stack gap="xs" mt="xs">
            {OPTIONAL_COLUMNS.map((column) => (
              <Checkbox key={column} value={column} label={COLUMN_LABELS[column]} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
