/**
 * /work-orders: the company's work orders, newest first, refreshed every 5 seconds (also in a
 * background tab) so a merchant watches an order go from pending to completed. The list comes in
 * pages (issue 31): older orders load as one scrolls to the end of the list, or with Load more
 * (for keyboards and screen readers). Show/Hide Archived, Refresh and Create Work Order; each
 * action on a card is confirmed first.
 *
 * Offline first: the drafts on this device (DraftsSection), the orders submitted here that the
 * server has not created yet (OutboxOrders, at the top of the list), and, when the server cannot
 * be reached, the list as last received, with a notice saying when; the actions that need the
 * server wait (disabled, with a tooltip saying why). Creating an order works offline.
 *
 * Approvals (issue 19): owners and admins see orders awaiting approval first, with Approve and
 * Reject; a member is told by a toast of the decisions on their orders since they last looked.
 *
 * Other screens learn of changes through the props: `onOrdersChanged` (the sidebar's pending
 * count) and `onPricesChanged` (an order completed or was undone: the local catalog pulls).
 */
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { getErrorMessage } from '@catalog/contracts/errors';
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { IconAlertCircle, IconArchive, IconClipboardList, IconPlus, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { notifications } from '@mantine/notifications';
import { useCan } from '../../../components/needs-permission';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format-date-time';
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../../../lib/use-online';
import { usePageTitle } from '../../../lib/use-page-title';
import { invalidateWorkOrders } from '../api/get-work-orders';
import { markWorkOrderSeen } from '../api/work-order-actions';
import { useStatusChanges, type StatusChangeHandlers } from '../hooks/use-status-changes';
import { useWorkOrderActions } from '../hooks/use-work-order-actions';
import { useWorkOrderList, type Unreachable } from '../hooks/use-work-order-list';
import { usePriceListNames } from '../hooks/use-form-price-lists';
import { DraftsSection } from './drafts-section';
import { OutboxOrders, usePendingSubmissions } from './outbox-orders';
import { WorkOrderActionModal } from './work-order-action-modal';
import { WorkOrderCard } from './work-order-card';
import tones from './tones.module.css';
import { approvalNews, markNewsSeen, newsSeenAt, waitingFirst } from '../utils/approval-news';

export type WorkOrdersScreenProps = StatusChangeHandlers;

function LoadingCards() {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">Loading work orders...</VisuallyHidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={132} radius="md" />
      ))}
    </Stack>
  );
}

function EmptyState({ showArchived }: { showArchived: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true" mx="auto">
        <IconClipboardList size={24} stroke={1.6} />
      </ThemeIcon>
      <Title order={2} size="h4" mt="md">
        No work orders
      </Title>
      <Text c="dimmed" mt={4}>
        {showArchived
          ? 'Nothing here yet, archived or not.'
          : 'Create a work order to change many prices at once, now or at a time you choose.'}
      </Text>
      <Button component={Link} to="/work-orders/create" mt="md" leftSection={<IconPlus size={16} aria-hidden="true" />}>
        Create Work Order
      </Button>
    </Paper>
  );
}

/**
 * Calls `onVisible` when the element comes near the viewport (200 px ahead), while `active`:
 * the list loads its next page before the merchant reaches its end. Without IntersectionObserver
 * the Load more button stays the way.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>, active: boolean, onVisible: () => void) {
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    }, { rootMargin: '200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active]);
}

/** The end of the list: older orders load when it shows, or with the button; a failure says why. */
function MoreOrders({ loadMore, loading, error }: { loadMore: () => void; loading: boolean; error: unknown }) {
  const sentinel = useRef<HTMLDivElement>(null);
  // After a failure the button retries; scrolling does not hammer a failing server.
  useNearViewport(sentinel, !loading && error === undefined, loadMore);
  return (
    <Stack gap="xs" align="center" ref={sentinel}>
      {error !== undefined && (
        <Alert color="red" variant="light" classNames={{ title: tones.danger, icon: tones.danger }} icon={<IconAlertCircle aria-hidden="true" />}
          title="Could not load more work orders" w="100%">
          <Text size="sm">{getErrorMessage(error, 'Failed to load work orders')}</Text>
        </Alert>
      )}
      <Button variant="default" onClick={loadMore} loading={loading}>
        {error !== undefined ? 'Try again' : 'Load more'}
      </Button>
      <VisuallyHidden role="status">{loading ? 'Loading more work orders...' : ''}</VisuallyHidden>
    </Stack>
  );
}

/** '3:04 PM' today, else 'Mar 8, 2030 at 3:04 PM'. */
function seenAt(savedAt: number, now = new Date()): string {
  const at = new Date(savedAt);
  const full = formatDateTime(at);
  return at.toDateString() === now.toDateString() ? full.slice(full.indexOf(' at ') + 4) : full;
}

/** Says that the list is the one last received, and when, because the server cannot be reached. */
export function unreachableText({ offline, savedAt }: Unreachable): string {
  const why = offline ? 'You are offline.' : 'The server cannot be reached.';
  if (savedAt === null) return `${why} Your work orders show here once the device is back online.`;
  return `${why} Showing the orders as last seen at ${seenAt(savedAt)}.`;
}

function UnreachableNotice({ unreachable }: { unreachable: Unreachable }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      classNames={{ icon: tones.warning }}
      icon={<IconWifiOff aria-hidden="true" />}
      role="status"
    >
      <Text size="sm">{unreachableText(unreachable)}</Text>
    </Alert>
  );
}

/**
 * Orders that need attention were shown: the server stops listing them on the dashboard (each
 * once per screen; the cards keep their badge until the next refresh).
 */
function useMarkSeen(live: WorkOrderSummary[] | undefined, onChanged?: () => void) {
  const marked = useRef(new Set<string>());
  useEffect(() => {
    const fresh = (live ?? []).filter((o) => o.needsAttention && !marked.current.has(o.id));
    if (fresh.length === 0) return;
    for (const o of fresh) marked.current.add(o.id);
    void Promise.allSettled(fresh.map((o) => markWorkOrderSeen(o.id))).then(() => onChanged?.());
  }, [live, onChanged]);
}

/** Toasts for the decisions on the user's own orders since they last looked (issue 19). */
function useApprovalNews(live: WorkOrderSummary[] | undefined, userId: string | null) {
  useEffect(() => {
    if (!live || !userId) return;
    const since = newsSeenAt(userId);
    const news = approvalNews(live, userId, since);
    markNewsSeen(userId, Date.now());
    for (const n of news.slice(0, NEWS_SHOWN)) notifications.show({ color: n.color, title: n.title, message: n.message, autoClose: 10_000 });
    if (news.length > NEWS_SHOWN) notifications.show({ color: 'blue', title: 'More decisions', message: `${news.length - NEWS_SHOWN} more of your orders were approved or rejected.` });
  }, [live, userId]);
}
const NEWS_SHOWN = 3;

export function WorkOrdersScreen({ onOrdersChanged, onPricesChanged }: WorkOrdersScreenProps) {
  usePageTitle('Work Orders');
  const online = useOnline();
  const [showArchived, setShowArchived] = useState(false);
  const { orders: listed, live, unreachable, error, isLoading, refetch, hasMore, loadMore, loadingMore, loadMoreError } = useWorkOrderList(showArchived);
  const canApprove = useCan('workOrders.approve') === true;
  const me = useCurrentUser();
  const userId = me.data?.id ?? null;
  const role = me.data?.role;
  const viewer = useMemo(() => (userId && role ? { id: userId, role } : null), [userId, role]);
  const priceListNames = usePriceListNames();
  // Owners and admins see the orders waiting for them first.
  const data = useMemo(() => (listed && canApprove ? waitingFirst(listed) : listed), [listed, canApprove]);
  useApprovalNews(live, userId);
  const [refreshing, setRefreshing] = useState(false);
  const refreshNoteId = useId();
  useStatusChanges(live, { onOrdersChanged, onPricesChanged });
  useMarkSeen(live, onOrdersChanged);
  // Orders by the id they were submitted with (the outbox entry's id).
  const listedIds = useMemo(() => new Set((data ?? []).flatMap((o) => (o.clientId ? [o.clientId] : []))), [data]);
  const pending = usePendingSubmissions(listedIds);
  const actions = useWorkOrderActions({
    onDone: () => {
      invalidateWorkOrders();
      onOrdersChanged?.();
    },
  });

  const refresh = async () => {
    if (!online) return;
    setRefreshing(true);
    await refetch();
    setRefreshing(false);
  };

  let content;
  if (error && !data) {
    content = (
      <Alert
        color="red"
        classNames={{ title: tones.danger, icon: tones.danger }}
        icon={<IconAlertCircle aria-hidden="true" />}
        title="Could not load your work orders"
      >
        <Text size="sm">{getErrorMessage(error, 'Failed to load work orders')}</Text>
        <Button mt="sm" size="xs" variant="default" onClick={() => void refresh()} loading={refreshing}>
          Try again
        </Button>
      </Alert>
    );
  } else if (isLoading || !data) {
    content = <LoadingCards />;
  } else if (data.length === 0) {
    // Orders waiting to be created are the list's first cards: not "No work orders"; nor is a
    // list never received (offline, the notice says it shows once back online).
    content = pending.length > 0 || (unreachable && unreachable.savedAt === null) ? null : <EmptyState showArchived={showArchived} />;
  } else {
    content = (
      <Stack gap="md" component="section" aria-label="Work orders">
        {data.map((order: WorkOrderSummary) => (
          <WorkOrderCard
            key={order.id}
            order={order}
            onAction={actions.ask}
            offline={!online}
            viewer={viewer}
            priceListName={order.target ? priceListNames.get(order.target.priceListId) : null}
          />
        ))}
        {hasMore && <MoreOrders loadMore={loadMore} loading={loadingMore} error={loadMoreError} />}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1}>Work Orders</Title>
          <Text c="dimmed" mt={4}>
            Manage batch product updates and schedules
          </Text>
        </div>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconArchive size={16} aria-hidden="true" />}
            aria-pressed={showArchived}
            onClick={() => setShowArchived((v) => !v)}
          >
            {showArchived ? 'Hide Archived' : 'Show Archived'}
          </Button>
          <Tooltip label={OFFLINE_ACTION_MESSAGE} disabled={online} withArrow multiline maw={260}>
            {/* Offline it keeps focus and hover (data-disabled), so the tooltip can say why. */}
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              loading={refreshing}
              data-disabled={!online || undefined}
              aria-disabled={!online || undefined}
              aria-describedby={online ? undefined : refreshNoteId}
              onClick={() => void refresh()}
            >
              Refresh
            </Button>
          </Tooltip>
          {!online && (
            <span id={refreshNoteId} hidden>
              {OFFLINE_ACTION_MESSAGE}
            </span>
          )}
          <Button component={Link} to="/work-orders/create" leftSection={<IconPlus size={16} aria-hidden="true" />}>
            Create Work Order
          </Button>
        </Group>
      </Group>
      {unreachable && <UnreachableNotice unreachable={unreachable} />}
      <DraftsSection priceListNames={priceListNames} />
      <OutboxOrders entries={pending} online={online} priceListNames={priceListNames} />
      {content}
      <WorkOrderActionModal pending={actions.pending} running={actions.running} onConfirm={actions.confirm} onClose={actions.cancel} />
    </Stack>
  );
}
