/**
 * /calendar (issue 36 item 4): every work order in time, a month, a week or a list at a time, from
 * the device's copy of the orders (so it works offline): scheduled orders from their start to
 * their end, sales that ran from their run to their end, points where an order has no end,
 * coloured and labelled by status, filtered by prices (the catalog, or one price list and
 * currency). Orders that change the same items at the same time are marked, and listed for the
 * range. A click (or Enter) opens the order; dragging a bar, its edges, or Alt+Arrow keys move
 * its start or end where the contracts' rules allow, through the server's gate (a toast says what
 * it answered). Offline nothing moves, and the calendar says so.
 *
 * A repeating order's runs not made yet (decision 067 makes only the next one ahead of time) are
 * planned from its latest run's rule over the days shown (planned-runs.ts) and drawn apart: a
 * dashed, striped bar named "Planned run N of the series '<title>'", in the overlaps as a real
 * order would be, never moved, and a click opens the series' latest run.
 */
import { Alert, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { getErrorMessage } from '@catalog/contracts/errors';
import { movableEdges, shiftMove, type MoveEdge, type MovePlan } from '@catalog/contracts/work-order-moves';
import { orderSpan } from '@catalog/contracts/work-order-overlaps';
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconWifiOff } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format-date-time';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCalendarOrders } from '../api/calendar-orders';
import { OFFLINE_MOVE_MESSAGE, useCalendarMoves } from '../hooks/use-calendar-moves';
import { useCalendarOverlaps } from '../hooks/use-calendar-overlaps';
import { useCalendarView } from '../hooks/use-calendar-view';
import { useDragMove } from '../hooks/use-drag-move';
import { usePriceListNames } from '../hooks/use-price-list-names';
import { ALL_TARGETS, eventLabel, spanText, targetOptions, toCalendarEvents, type CalendarEvent, type MovedTimes } from '../utils/calendar-events';
import { eventDays, layoutWeeks } from '../utils/calendar-layout';
import { shiftByDays } from '../utils/calendar-range';
import { plannedRunOrders } from '../utils/planned-runs';
import { CalendarGrid } from './calendar-grid';
import { CalendarList } from './calendar-list';
import { CalendarToolbar, StatusLegend } from './calendar-toolbar';
import { MOVE_KEYS_HINT, PLANNED_KEYS_HINT, type EventActions } from './event-bar';
import { OrderPanel } from './order-panel';
import { OverlapsSection } from './overlaps-section';

const NOT_MOVABLE = { start: false, end: false };

/** Lanes of bars a month's week shows before "+N more". */
export const MONTH_LANES = 3;

const NO_ORDERS: WorkOrderSummary[] = [];

/** Every planned run still to come (the overlaps' question: one for every month). */
const ALL_TIME = { start: -Infinity, end: Infinity };

/** Where a move by `days` puts an order's times (`edge`: what moves). */
function shifted(order: WorkOrderSummary, edge: MoveEdge, days: number): MovedTimes {
  const by = (iso: string | null) => (iso === null ? iso : new Date(shiftByDays(Date.parse(iso), days)).toISOString());
  return {
    ...(edge !== 'end' ? { scheduledAt: by(order.scheduledAt) } : {}),
    ...(edge !== 'start' ? { revertAt: by(order.revertAt) } : {}),
  };
}

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface CalendarScreenProps {
  /** An order moved: what other screens count of it may have changed (an approval cleared). */
  onOrderMoved?: () => void;
}

export function CalendarScreen({ onOrderMoved }: CalendarScreenProps) {
  usePageTitle('Calendar');
  const now = useNow();
  const hintId = useId();
  const plannedHintId = useId();
  const { orders = NO_ORDERS, savedAt, refreshing, error, refresh } = useCalendarOrders();
  const names = usePriceListNames();
  const { range, setView, step, today } = useCalendarView(now);
  const [target, setTarget] = useState(ALL_TARGETS);
  const [showArchived, setShowArchived] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ order: WorkOrderSummary; plan: MovePlan & { ok: true } } | null>(null);
  const onMoved = useCallback(() => {
    void refresh();
    onOrderMoved?.();
  }, [refresh, onOrderMoved]);
  const moves = useCalendarMoves({ onMoved });

  const send = moves.send;
  const onDrop = useCallback((event: CalendarEvent, edge: MoveEdge, days: number) => {
    void send(event.order, shiftMove(event.order, edge, (t) => shiftByDays(t, days), new Date(), moves.options));
  }, [send, moves.options]);
  const drag = useDragMove({ enabled: moves.online, onDrop });

  const moved = useMemo(() => {
    const dragged = drag.drag && orders.find((o) => o.id === drag.drag!.id);
    if (!dragged || !drag.drag) return moves.moved;
    return new Map(moves.moved).set(dragged.id, shifted(dragged, drag.drag.edge, drag.drag.days));
  }, [drag.drag, moves.moved, orders]);
  const bounds = useMemo(() => ({ start: range.days[0]!.start, end: range.days.at(-1)!.end }), [range]);
  const planned = useMemo(() => plannedRunOrders(orders, bounds, now), [orders, bounds, now]);
  const ahead = useMemo(() => plannedRunOrders(orders, ALL_TIME, now), [orders, now]);
  const events = useMemo(() => toCalendarEvents(orders, { showArchived, target, moved, planned }), [orders, showArchived, target, moved, planned]);
  const visible = useMemo(() => events.filter((e) => eventDays(range.days, e) !== null), [events, range.days]);
  const overlaps = useCalendarOverlaps(orders, events, bounds, ahead);
  const weeks = useMemo(() => layoutWeeks(range.weeks, visible, range.view === 'week' ? Infinity : MONTH_LANES), [range, visible]);
  const targets = useMemo(() => targetOptions(orders, names), [orders, names]);

  const nameOf = (order: WorkOrderSummary) => (order.target ? names.get(order.target.priceListId) ?? null : null);
  const labelOf = (event: CalendarEvent) => eventLabel(event, nameOf(event.order), overlaps.countInRange(event.id));
  const edgesOf = (event: CalendarEvent) => (event.planned ? NOT_MOVABLE : movableEdges(event.order, now));
  const onKeyMove = (event: CalendarEvent, edge: MoveEdge, days: number) => {
    if (event.planned) return;
    const planned = shiftMove(event.order, edge, (t) => shiftByDays(t, days), new Date(), moves.options);
    if (!planned.ok) notifications.show({ color: 'red', title: 'Not moved', message: planned.message });
    else if (!moves.online) notifications.show({ color: 'red', title: 'Not moved', message: OFFLINE_MOVE_MESSAGE });
    else setAsking({ order: event.order, plan: planned });
  };
  const actions: EventActions = { drag, canDrag: moves.online, onOpen: (e) => setOpenId(e.planned?.latest.id ?? e.id), onKeyMove, hintId, plannedHintId };
  const openOrder = (id: string) => setOpenId(planned.find((p) => p.order.id === id)?.latest.id ?? id);
  const opened = openId ? (events.find((e) => e.id === openId) ?? toCalendarEvents(orders.filter((o) => o.id === openId), { showArchived: true, target: ALL_TARGETS })[0] ?? null) : null;
  const overlapsWith = opened ? overlaps.all.flatMap((o) => (o.a.id === opened.id ? [o.b] : o.b.id === opened.id ? [o.a] : [])) : [];

  const firstLoad = orders === NO_ORDERS || (savedAt === null && refreshing && orders.length === 0);
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Calendar</Title>
        <Text c="dimmed">Every scheduled order and sale in time, with the ones that overlap</Text>
      </div>
      <CalendarToolbar
        title={range.title}
        view={range.view}
        onView={setView}
        onStep={step}
        onToday={today}
        target={target}
        targets={targets}
        onTarget={setTarget}
        showArchived={showArchived}
        onShowArchived={setShowArchived}
      />
      <StatusLegend />
      <VisuallyHidden id={hintId}>{MOVE_KEYS_HINT}</VisuallyHidden>
      <VisuallyHidden id={plannedHintId}>{PLANNED_KEYS_HINT}</VisuallyHidden>
      {!moves.online && (
        <Alert color="gray" variant="light" icon={<IconWifiOff size={18} aria-hidden="true" />} title="You are offline" role="status">
          <Text size="sm">
            The calendar shows the orders as last received{savedAt ? ` (${formatDateTime(new Date(savedAt))})` : ''}. {OFFLINE_MOVE_MESSAGE}
          </Text>
        </Alert>
      )}
      {error !== undefined && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} title="Could not read the work orders">
          <Text size="sm">{getErrorMessage(error, 'Failed to load work orders')}. The calendar shows them as last received.</Text>
        </Alert>
      )}
      {firstLoad ? (
        <Stack gap="xs" aria-busy="true">
          <VisuallyHidden role="status">Loading the calendar...</VisuallyHidden>
          <Skeleton height={32} />
          <Skeleton height={420} />
        </Stack>
      ) : orders.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Title order={2} size="h4">
            No work orders
          </Title>
          <Text c="dimmed" mt={4}>
            Scheduled orders and sales show here once there are some.
          </Text>
        </Paper>
      ) : (
        <>
          {visible.length === 0 && <Text role="status">Nothing in {range.title}.</Text>}
          <Paper withBorder radius="md" p="xs" component="section" aria-label={range.title}>
            {range.view === 'list' ? (
              <CalendarList days={range.days} events={visible} labelOf={labelOf} overlapCount={overlaps.countInRange} edgesOf={edgesOf} actions={actions} />
            ) : (
              <CalendarGrid weeks={weeks} week={range.view === 'week'} labelOf={labelOf} overlapCount={overlaps.countInRange} edgesOf={edgesOf} actions={actions} />
            )}
          </Paper>
          <OverlapsSection overlaps={overlaps.inRange} from={overlaps.from} check={overlaps.check} onOpen={openOrder} />
        </>
      )}
      <OrderPanel
        event={opened}
        priceListName={opened ? nameOf(opened.order) : null}
        overlapsWith={overlapsWith}
        online={moves.online}
        plan={moves.plan}
        onMove={moves.send}
        onOpenOther={openOrder}
        onClose={() => setOpenId(null)}
      />
      <ConfirmDialog
        opened={asking !== null}
        title="Move work order"
        message={asking ? `Move ${asking.order.title}?` : ''}
        confirmLabel="Move"
        tone="primary"
        onClose={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          setAsking(null);
          void moves.send(asking.order, asking.plan);
        }}
      >
        {asking && (
          <Text size="sm">
            From {spanText(orderSpan(asking.order))} to {spanText(orderSpan({ ...asking.order, ...asking.plan.body }))}.
          </Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
