/**
 * /backups (issue 17): catalog pricing backups, a Premium feature (contracts PLAN_FEATURES; the
 * server refuses other plans too). Other plans see what backups do and the upgrade button.
 *
 * The list (when, what took it, products and variants, prices changed since the one before;
 * newest first, older ones with Load more: issue 31), Back up now, Compare with now, Compare with a date and time, and Download CSV; a comparison
 * restores all or the chosen prices as a work order, previewed first, then followed on Work
 * Orders (where it can be undone). The retention is stated under the title.
 */
import { BACKUP_RETENTION_TEXT, type Backup } from '@catalog/contracts/backups';
import { getErrorMessage } from '@catalog/contracts/errors';
import { planFor, planHasFeature } from '@catalog/contracts/plans';
import type { WorkOrder } from '@catalog/contracts/work-orders';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarTime, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NeedsPermission } from '../../../components/needs-permission';
import { OfflineNotice } from '../../../components/offline-notice';
import { LoadMore } from '../../../components/load-more';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/current-user';
import { useOnline } from '../../../lib/use-online';
import { usePageTitle } from '../../../lib/use-page-title';
import { isOfflineFailure, useRefetchOnReconnect } from '../../../lib/use-refetch-on-reconnect';
import { backUpNow, downloadCsv, type Compared } from '../api/backup-requests';
import { invalidateBackups, useBackups } from '../api/get-backups';
import { BackupCompare } from './backup-compare';
import { BackupList } from './backup-list';
import { BackupsUpsell } from './backups-upsell';
import { MomentDialog } from './moment-dialog';

export interface BackupsPageProps {
  /** A restore's work order was created (the route refreshes what depends on orders). */
  onOrderCreated?: (order: WorkOrder) => void;
}

export function BackupsPage({ onOrderCreated }: BackupsPageProps) {
  usePageTitle('Backups');
  const me = useCurrentUser();
  const online = useOnline();
  const offline = !me.data && isOfflineFailure(me.error, online);
  useRefetchOnReconnect(offline, me.refetch);

  if (!me.data) {
    if (me.error === undefined) return <PageLoader />;
    return (
      <Stack gap="lg" maw={760}>
        <Title order={1}>Backups</Title>
        {offline ? <OfflineNotice what="Your backups" /> : <Text role="alert">{getErrorMessage(me.error, 'Could not load your account.')}</Text>}
      </Stack>
    );
  }
  const plan = me.data.company.subscriptionPlan;
  if (!planHasFeature(plan, 'pricingBackups')) return <BackupsUpsell planName={planFor(plan).name} />;
  return <Backups onOrderCreated={onOrderCreated} />;
}

function Backups({ onOrderCreated }: BackupsPageProps) {
  const navigate = useNavigate();
  const online = useOnline();
  const list = useBackups(true);
  const offline = !list.data && isOfflineFailure(list.error, online);
  useRefetchOnReconnect(offline, list.refetch);
  const [compared, setCompared] = useState<Compared | null>(null);
  const [askMoment, setAskMoment] = useState(false);
  const [backingUp, setBackingUp] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);

  const backUp = async () => {
    setBackingUp(true);
    try {
      const backup = await backUpNow();
      invalidateBackups();
      notifications.show({ color: 'green', title: 'Backed up', message: `${backup.productCount} products and ${backup.variantCount} variants.` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'The backup failed', message: getErrorMessage(err, 'Please try again.') });
    } finally {
      setBackingUp(false);
    }
  };
  const download = async (backup: Backup) => {
    setDownloading(backup.id);
    try {
      await downloadCsv(backup);
    } catch (err) {
      notifications.show({ color: 'red', title: 'The download failed', message: getErrorMessage(err, 'Please try again.') });
    } finally {
      setDownloading(null);
    }
  };
  const restored = (order: WorkOrder) => {
    notifications.show({ color: 'green', title: 'Restore created', message: `"${order.title}" runs now; you can follow it, and undo it, here on Work Orders.` });
    invalidateBackups();
    onOrderCreated?.(order);
    void navigate('/work-orders');
  };

  let content;
  if (list.error && !list.data) {
    content = offline ? (
      <OfflineNotice what="Your backups" />
    ) : (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title="Could not load your backups" role="alert">
        {getErrorMessage(list.error, 'Please try again.')}
        <Button mt="sm" size="xs" variant="default" display="block" onClick={() => void list.refetch()} loading={list.isFetching}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!list.backups.items) {
    content = <Skeleton height={160} radius="md" aria-busy="true" />;
  } else {
    content = (
      <div>
        <BackupList
          backups={list.backups.items}
          comparing={compared?.kind === 'backup' ? compared.backup.id : null}
          downloading={downloading}
          onCompare={(backup) => setCompared({ kind: 'backup', backup })}
          onDownload={(backup) => void download(backup)}
        />
        <LoadMore list={list.backups} what="backups" />
      </div>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1}>Backups</Title>
          <Text c="dimmed" mt={4}>
            Every price of your catalog and your price lists, backed up daily, before every work order, and on demand
          </Text>
        </div>
        <Group gap="sm" wrap="wrap">
          <NeedsPermission action="backups.compare">
            <Button variant="default" leftSection={<IconCalendarTime size={16} aria-hidden="true" />} onClick={() => setAskMoment(true)}>
              Compare with a date and time
            </Button>
          </NeedsPermission>
          <NeedsPermission action="backups.create">
            <Button leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />} loading={backingUp} onClick={() => void backUp()}>
              Back up now
            </Button>
          </NeedsPermission>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="sm">
        <Text size="sm">{BACKUP_RETENTION_TEXT}</Text>
      </Paper>
      {compared && <BackupCompare compared={compared} onClose={() => setCompared(null)} onRestored={restored} />}
      {content}
      <MomentDialog
        opened={askMoment}
        onClose={() => setAskMoment(false)}
        onCompare={(at) => {
          setAskMoment(false);
          setCompared({ kind: 'moment', at });
        }}
      />
    </Stack>
  );
}
