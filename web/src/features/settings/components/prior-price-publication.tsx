/**
 * Settings > Work orders > EU prior price > "Storefront publication" (issue 36 item 3): whether
 * the lowest prior prices reached the storefront's metafields, for owners and admins
 * (settings.readPublication; members see nothing of it). Off, pending (read again every few
 * seconds until it is written), published (how many variants, when), or failing (why, in the
 * merchant's words, the failures in a row and the next try, read again every half minute).
 * Offline it shows the state last read, saying so, or that it loads when the connection returns.
 */
import type { PriorPricePublicationStatus } from '@catalog/contracts/prior-price-publication';
import { Alert, Badge, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { useCan } from '../../../components/needs-permission';
import { OfflineNotice } from '../../../components/offline-notice';
import { formatDateTime } from '../../../lib/format-date-time';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { useOnline } from '../../../lib/use-online';
import { isOfflineFailure, useRefetchOnReconnect } from '../../../lib/use-refetch-on-reconnect';
import { usePriorPricePublication } from '../api/prior-price-publication';
import { relativeTime } from '../utils/relative-time';

/** How often a pending publication is read again: the publisher looks every 3 seconds. */
const PENDING_POLL_MS = 3_000;
/** How often a failing one is read again: its retries wait a minute or more. */
const FAILING_POLL_MS = 30_000;

const TITLE_ID = 'prior-price-publication-title';
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "5 minutes ago", with the exact time as its title. */
function When({ iso, now }: { iso: string; now: Date }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {relativeTime(iso, now)}
    </time>
  );
}

function LastPublished({ status, now }: { status: Exclude<PriorPricePublicationStatus, { state: 'off' }>; now: Date }) {
  if (status.publishedAt === null) return null;
  return (
    <Text size="sm" c="dimmed">
      Last published <When iso={status.publishedAt} now={now} />: {plural(status.variants, 'variant carries', 'variants carry')} a lowest prior price.
    </Text>
  );
}

export interface PublicationStatusViewProps {
  status: PriorPricePublicationStatus;
  now: Date;
  /** Offline: the state shown is the last one read. */
  offline: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

export function PublicationStatusView({ status, now, offline, refreshing, onRefresh }: PublicationStatusViewProps) {
  let badge;
  let body;
  switch (status.state) {
    case 'off':
      badge = <Badge color="gray" variant="light">Off</Badge>;
      body = <Text size="sm" c="dimmed">Nothing is published to the storefront.</Text>;
      break;
    case 'pending':
      badge = status.storeConnected
        ? <Badge color="blue" variant="light" leftSection={<Loader size={10} color="blue" aria-hidden="true" />}>Pending</Badge>
        : <Badge color="yellow" variant="light">Waiting for a store</Badge>;
      body = (
        <>
          <Text size="sm">
            {!status.storeConnected
              ? 'Connect a store to publish: the lowest prior prices are written once one is connected.'
              : status.publishing
                ? 'Writing your latest changes to the storefront\u2019s metafields\u2026'
                : 'Removing the published lowest prior prices from the storefront\u2026'}
          </Text>
          <LastPublished status={status} now={now} />
        </>
      );
      break;
    case 'published':
      badge = <Badge color="green" variant="light">Published</Badge>;
      body = (
        <Text size="sm">
          {status.variants === 0
            ? 'No variant is on sale with a known lowest prior price, so none carries the metafield.'
            : `${plural(status.variants, 'variant on sale carries', 'variants on sale carry')} its lowest prior price (metafield pricing.lowest_prior_price).`}
          {status.publishedAt !== null && (
            <>
              {' '}Last run finished <When iso={status.publishedAt} now={now} />.
            </>
          )}
        </Text>
      );
      break;
    case 'failing':
      badge = <Badge color="red" variant="light">Failing</Badge>;
      body = (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title="Publishing to the storefront failed">
          <Stack gap={4}>
            <Text size="sm">{status.lastError}</Text>
            <Text size="sm">
              {status.failures === 1 ? 'Failed once.' : `Failed ${status.failures} times in a row.`}
              {status.retryAt !== null && (
                <>
                  {' '}Next try <When iso={status.retryAt} now={now} /> ({formatDateTime(status.retryAt)}).
                </>
              )}
            </Text>
            <LastPublished status={status} now={now} />
          </Stack>
        </Alert>
      );
      break;
  }
  return (
    <Stack gap={6} aria-live="polite">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" fw={500} id={TITLE_ID}>
            Storefront publication
          </Text>
          {badge}
        </Group>
        {status.state !== 'off' && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconRefresh size={12} aria-hidden="true" />}
            loading={refreshing}
            disabled={offline}
            onClick={onRefresh}
          >
            Check again
          </Button>
        )}
      </Group>
      {body}
      {offline && (
        <Text size="xs" c="dimmed" role="status">
          You are offline: this is the state last read. It is read again when the connection returns.
        </Text>
      )}
    </Stack>
  );
}

/** Loads the state for owners and admins and keeps it current; nothing for the other roles. */
export function PriorPricePublication() {
  const allowed = useCan('settings.readPublication');
  const online = useOnline();
  const [interval, setPollInterval] = useState<number | undefined>(undefined);
  const { data, error, isFetching, refetch } = usePriorPricePublication({ enabled: allowed === true, refetchInterval: online ? interval : undefined });
  const now = useMinuteClock();
  const state = data?.state;
  useEffect(() => {
    setPollInterval(state === 'pending' ? PENDING_POLL_MS : state === 'failing' ? FAILING_POLL_MS : undefined);
  }, [state]);
  const offlineFailure = isOfflineFailure(error, online);
  useRefetchOnReconnect(offlineFailure || (!online && data !== undefined), refetch);
  if (allowed !== true) return null;

  let content;
  if (data !== undefined) {
    content = <PublicationStatusView status={data} now={now} offline={!online || offlineFailure} refreshing={isFetching} onRefresh={() => void refetch()} />;
  } else if (offlineFailure) {
    content = <OfflineNotice what="The storefront publication's state" />;
  } else if (error) {
    content = (
      <LoadError
        title="Could not load the storefront publication"
        error={error}
        fallback="Failed to load the storefront publication"
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else {
    content = (
      <Stack gap={6} aria-busy="true">
        <Text size="sm" c="dimmed" role="status">
          Loading the storefront publication...
        </Text>
        <Skeleton height={48} radius="sm" />
      </Stack>
    );
  }
  return (
    <div role="group" aria-labelledby={data !== undefined ? TITLE_ID : undefined} aria-label={data === undefined ? 'Storefront publication' : undefined}>
      {content}
    </div>
  );
}
