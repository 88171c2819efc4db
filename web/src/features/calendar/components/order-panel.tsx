/**
 * An order opened from the calendar: what its card on /work-orders says (status, prices it
 * changes, counts, when it starts and ends, who made it), the orders it overlaps, a link to the
 * list, and "Move start…" / "Move end…" with a date and time (the keyboard's way to move it to
 * any moment), offered only where contracts movableEdges allows and checked by planMove before it
 * is sent. Offline the moves wait and say why.
 */
import { Anchor, Badge, Button, Drawer, Group, Stack, Text, TextInput } from '@mantine/core';
import { movableEdges, type MovePlan } from '@catalog/contracts/work-order-moves';
import { targetName, type WorkOrderSummary } from '@catalog/contracts/work-orders';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { NeedsConnection } from '../../../components/needs-connection';
import { formatDateTime } from '../../../lib/format-date-time';
import { OFFLINE_MOVE_MESSAGE } from '../hooks/use-calendar-moves';
import { spanText, statusLabel, type CalendarEvent } from '../utils/calendar-events';
import { orderName } from '../utils/planned-runs';
import classes from './calendar.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local input's value, in the reader's time zone. */
export function toLocalInput(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value as epoch ms (the reader's time zone), or NaN. */
export function fromLocalInput(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi).getTime();
}

type Edge = 'start' | 'end';

export interface OrderPanelProps {
  event: CalendarEvent | null;
  priceListName: string | null;
  overlapsWith: WorkOrderSummary[];
  online: boolean;
  plan: (order: WorkOrderSummary, to: { start?: number; end?: number }) => MovePlan;
  onMove: (order: WorkOrderSummary, plan: MovePlan) => Promise<boolean>;
  onOpenOther: (id: string) => void;
  onClose: () => void;
}

function MoveForm({ edge, at, order, props, onDone }: { edge: Edge; at: number; order: WorkOrderSummary; props: OrderPanelProps; onDone: () => void }) {
  const [value, setValue] = useState(toLocalInput(at));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const to = fromLocalInput(value);
    const planned = props.plan(order, edge === 'start' ? { start: to } : { end: to });
    if (!planned.ok) {
      setError(planned.message);
      return;
    }
    setSending(true);
    const moved = await props.onMove(order, planned);
    setSending(false);
    if (moved) onDone();
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack gap="xs">
        <TextInput
          type="datetime-local"
          label={edge === 'start' ? 'New start' : 'New end'}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group gap="xs">
          <NeedsConnection message={OFFLINE_MOVE_MESSAGE}>
            <Button type="submit" size="sm" loading={sending}>
              {edge === 'start' ? 'Move start' : 'Move end'}
            </Button>
          </NeedsConnection>
          <Button variant="default" size="sm" onClick={onDone} disabled={sending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function OrderPanel(props: OrderPanelProps) {
  const { event, priceListName, overlapsWith, online, onOpenOther, onClose } = props;
  const [editing, setEditing] = useState<Edge | null>(null);
  const order = event?.order ?? null;
  const edges = order ? movableEdges(order, new Date()) : { start: false, end: false };
  const close = () => {
    setEditing(null);
    onClose();
  };
  return (
    // The header is a div: a <header> would be a second banner landmark (as components/dialog.tsx says).
    <Drawer.Root opened={event !== null} onClose={close} position="right">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title fw={700} fz="lg">
            {order?.title ?? ''}
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close order" />
        </Drawer.Header>
        <Drawer.Body>
      {event && order && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="outline" radius="sm" className={classes[order.status]}>
              {statusLabel(order)}
            </Badge>
            {order.archived && (
              <Badge variant="outline" color="gray" radius="sm" className={classes.undone}>
                Archived
              </Badge>
            )}
          </Group>
          <Text size="sm" fw={500}>
            Prices: {targetName(order.target, priceListName)}
          </Text>
          <Text size="sm">{spanText(event)}</Text>
          <Text size="sm">
            {count(order.productCount, 'product', 'products')} · {count(order.itemCount, 'item', 'items')}
          </Text>
          <Text size="sm" c="dimmed">
            Created {formatDateTime(order.createdAt)}
            {order.createdByName ? ` by ${order.createdByName}` : ''}
          </Text>
          {order.error && (
            <Text size="sm" c="red.9">
              {order.error}
            </Text>
          )}
          {overlapsWith.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Overlaps with
              </Text>
              {overlapsWith.map((o) => (
                <Anchor key={o.id} component="button" type="button" size="sm" ta="left" onClick={() => onOpenOther(o.id)}>
                  {orderName(o)}
                </Anchor>
              ))}
            </Stack>
          )}
          {editing ? (
            <MoveForm key={editing} edge={editing} at={editing === 'start' ? Date.parse(order.scheduledAt!) : Date.parse(order.revertAt!)} order={order} props={props} onDone={() => setEditing(null)} />
          ) : (
            (edges.start || edges.end) && (
              <Group gap="xs">
                {edges.start && (
                  <Button variant="default" size="sm" onClick={() => setEditing('start')}>
                    Move start…
                  </Button>
                )}
                {edges.end && (
                  <Button variant="default" size="sm" onClick={() => setEditing('end')}>
                    Move end…
                  </Button>
                )}
              </Group>
            )
          )}
          {!online && (edges.start || edges.end) && (
            <Text size="sm" c="dimmed">
              {OFFLINE_MOVE_MESSAGE}
            </Text>
          )}
          <Anchor component={Link} to="/work-orders" size="sm">
            Open Work Orders
          </Anchor>
        </Stack>
      )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
