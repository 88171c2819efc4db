/**
 * The calendar's controls: Previous, Today and Next (by the view's step), the range's title
 * (announced as it changes), the view (month, week, list), which prices to show (every target,
 * the catalog, or one price list in one currency), archived orders, and a legend of the statuses'
 * tones (each also has its own border, so colour is not the only cue) and of a series' planned runs.
 */
import { ActionIcon, Button, Group, SegmentedControl, Select, Switch, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconRepeat } from '@tabler/icons-react';
import type { CalendarView } from '../utils/calendar-range';
import { STATUS_LABELS, type TargetOption } from '../utils/calendar-events';
import classes from './calendar.module.css';

const VIEW_LABELS: Readonly<Record<CalendarView, string>> = { month: 'Month', week: 'Week', list: 'List' };

export interface CalendarToolbarProps {
  title: string;
  view: CalendarView;
  onView: (view: CalendarView) => void;
  onStep: (direction: -1 | 1) => void;
  onToday: () => void;
  target: string;
  targets: TargetOption[];
  onTarget: (target: string) => void;
  showArchived: boolean;
  onShowArchived: (show: boolean) => void;
}

export function CalendarToolbar(props: CalendarToolbarProps) {
  const { title, view, onView, onStep, onToday, target, targets, onTarget, showArchived, onShowArchived } = props;
  const unit = view === 'week' ? 'week' : 'month';
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={`Previous ${unit}`}>
          <ActionIcon variant="default" size="lg" aria-label={`Previous ${unit}`} onClick={() => onStep(-1)}>
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Button variant="default" onClick={onToday}>
          Today
        </Button>
        <Tooltip label={`Next ${unit}`}>
          <ActionIcon variant="default" size="lg" aria-label={`Next ${unit}`} onClick={() => onStep(1)}>
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Title order={2} size="h3" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {title}
        </Title>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => onView(v as CalendarView)}
          data={(Object.keys(VIEW_LABELS) as CalendarView[]).map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
        />
        <Select label="Prices" value={target} data={targets} onChange={(v) => onTarget(v ?? targets[0]!.value)} allowDeselect={false} w={200} />
        <Switch label="Show archived" checked={showArchived} onChange={(e) => onShowArchived(e.currentTarget.checked)} />
      </Group>
    </Group>
  );
}

export function StatusLegend() {
  return (
    <Group gap="xs" aria-label="Statuses" role="list">
      {Object.entries(STATUS_LABELS).map(([status, label]) => (
        <span key={status} role="listitem" className={`${classes.legend} ${classes[status]}`}>
          {label}
        </span>
      ))}
      <span role="listitem" className={`${classes.legend} ${classes.planned}`} style={{ gap: 4 }} title="A series' run still to be created">
        <IconRepeat size={12} className={classes.plannedMark} aria-hidden="true" />
        Planned run
      </span>
    </Group>
  );
}
