/**
 * The overlaps of the range shown: each pair of orders that change some of the same products or
 * variants of the same prices while their spans meet (contracts calendarOverlaps), from when they
 * meet, with buttons that open either order (a series' planned run, named as one, opens the
 * series' latest run; the first OVERLAPS_SHOWN, then all on demand); and
 * how sure the list is (checking, as last checked offline, the server stopped counting, not checked).
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CalendarOverlap } from '@catalog/contracts/work-order-overlaps';
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date-time';
import type { OverlapPairsState } from '../api/overlap-pairs';
import { orderName } from '../utils/planned-runs';
import classes from './calendar.module.css';

export interface OverlapsSectionProps {
  overlaps: CalendarOverlap<WorkOrderSummary>[];
  /** When each pair begins to meet (epoch ms), by the pair's ids. */
  from: (overlap: CalendarOverlap<WorkOrderSummary>) => number;
  check: OverlapPairsState;
  onOpen: (id: string) => void;
}

/** Overlaps listed before "Show all": a crowded month stays readable (its bars are marked either way). */
export const OVERLAPS_SHOWN = 50;

const items = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'product or variant' : 'products or variants'}`;

function checkNote(check: OverlapPairsState): string | null {
  if (check.status === 'checking') return 'Checking the overlaps with the server…';
  if (check.status === 'unchecked') return check.reason ?? 'The overlaps could not be checked.';
  const when = check.checkedAt ? ` (checked ${formatDateTime(new Date(check.checkedAt))})` : '';
  if (check.status === 'kept') return `${check.reason ?? 'The overlaps are as last checked.'}${when}`;
  if (!check.complete) return 'Many orders share many items: the server stopped counting, so there may be more overlaps than listed.';
  return null;
}

export function OverlapsSection({ overlaps, from, check, onOpen }: OverlapsSectionProps) {
  const note = checkNote(check);
  const [all, setAll] = useState(false);
  const shown = all ? overlaps : overlaps.slice(0, OVERLAPS_SHOWN);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="calendar-overlaps">
      <Stack gap="xs">
        <Group gap="xs">
          <IconStack2 size={18} className={classes.overlapMark} aria-hidden="true" />
          <Title order={2} size="h4" id="calendar-overlaps">
            Overlaps {overlaps.length > 0 ? `(${overlaps.length})` : ''}
          </Title>
        </Group>
        {note && (
          <Alert color="gray" variant="light" p="xs" role="status">
            <Text size="sm">{note}</Text>
          </Alert>
        )}
        {overlaps.length === 0 ? (
          check.status === 'checked' && <Text size="sm">No two orders change the same prices at the same time here.</Text>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
            {shown.map((o) => (
              <li key={`${o.a.id}-${o.b.id}`} style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
                <button type="button" className={classes.link} onClick={() => onOpen(o.a.id)}>
                  {orderName(o.a)}
                </button>{' '}
                and{' '}
                <button type="button" className={classes.link} onClick={() => onOpen(o.b.id)}>
                  {orderName(o.b)}
                </button>{' '}
                share {items(o.shared)} from {formatDateTime(new Date(from(o)))}
              </li>
            ))}
          </ul>
        )}
        {shown.length < overlaps.length && (
          <Button variant="default" size="xs" onClick={() => setAll(true)} style={{ alignSelf: 'flex-start' }}>
            Show all {overlaps.length.toLocaleString('en-US')} overlaps
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
