/**
 * /settings: under "Connect with an API account" (for a store that uses a private app, an API
 * account, rather than installing the app from BigCommerce, issue 34), the API connection form
 * (and 'Disconnect store' once one is connected), setup instructions (naming the local demo store when there is one), the work-order settings
 * (approvals and guardrails, issue 19), the price history export for audits (issue 36), the account card, storage on this device, the Data Management danger zone and
 * Logout. The form waits for GET /api/settings so it starts from the saved connection (token
 * masked); offline, it says it will load when the connection returns.
 */
import type { SettingsResponse } from '@catalog/contracts/settings';
import { Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { useCan } from '../../../components/needs-permission';
import { OfflineNotice } from '../../../components/offline-notice';
import { getDemoStore } from '../../../lib/demo-store';
import { useOnline } from '../../../lib/use-online';
import { usePageTitle } from '../../../lib/use-page-title';
import { isOfflineFailure, useRefetchOnReconnect } from '../../../lib/use-refetch-on-reconnect';
import { useSignOut } from '../../../lib/use-sign-out';
import { useSettings } from '../api/get-settings';
import { useSettingsForm } from '../hooks/use-settings-form';
import { AccountCard } from './account-card';
import { DataManagement } from './data-management';
import { DisconnectStore } from './disconnect-store';
import { PriceHistoryExport } from './price-history-export';
import { SetupInstructions } from './setup-instructions';
import { StorageCard } from './storage-card';
import { StoreConnectionForm } from './store-connection-form';
import { WorkOrdersSettings } from './work-orders-settings';

export const API_ACCOUNT_TITLE = 'Connect with an API account';

export interface SettingsPageProps {
  /** After 'Delete all products': refresh what shows products or their count. */
  onProductsDeleted?: () => void;
}

function ConnectionSection({ saved, canEdit, onDisconnected }: { saved: SettingsResponse; canEdit: boolean | null; onDisconnected?: () => void }) {
  const form = useSettingsForm(saved);
  const saveButton = useRef<HTMLButtonElement>(null);
  const demoStore = getDemoStore();
  const fillWithDemo = () => {
    if (!demoStore) return;
    form.fillDemo(demoStore);
    // One more press saves: take the keyboard (and the eye, on a phone) to Save.
    saveButton.current?.focus();
  };
  return (
    <Stack gap="lg">
      <StoreConnectionForm
        form={form}
        canEdit={canEdit}
        lastSyncAt={saved?.lastSyncAt ?? null}
        saveButtonRef={saveButton}
      />
      {saved && <DisconnectStore onDisconnected={onDisconnected} />}
      <SetupInstructions demoStore={demoStore} onUseDemo={canEdit ? fillWithDemo : undefined} />
    </Stack>
  );
}

function ConnectionLoader({ canEdit, onDisconnected }: { canEdit: boolean | null; onDisconnected?: () => void }) {
  const { data, error, isFetching, refetch } = useSettings();
  const online = useOnline();
  const offline = data === undefined && isOfflineFailure(error, online);
  useRefetchOnReconnect(offline, refetch);
  // Keyed by the connection: after a disconnect the form starts empty.
  if (data !== undefined) return <ConnectionSection key={data?.storeHash ?? 'none'} saved={data} canEdit={canEdit} onDisconnected={onDisconnected} />;
  if (offline) return <OfflineNotice what="Your store connection settings" />;
  if (error) {
    return (
      <LoadError
        title="Could not load your settings"
        error={error}
        fallback="Failed to load settings"
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <Stack gap="sm" aria-busy="true">
      <Text size="sm" c="dimmed" role="status">
        Loading your settings...
      </Text>
      <Skeleton height={420} radius="md" />
    </Stack>
  );
}

/** The pasted credentials' part of the page, for stores that do not install the app from BigCommerce. */
function ApiAccountSection({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" component="section" aria-labelledby="api-account-title">
      <div>
        <Title order={2} id="api-account-title">
          {API_ACCOUNT_TITLE}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          For a store that uses a private app (an API account of its own) rather than installing Catalog Pilot from
          BigCommerce.
        </Text>
      </div>
      {children}
    </Stack>
  );
}

export function SettingsPage({ onProductsDeleted }: SettingsPageProps) {
  usePageTitle('Settings');
  // The roles of settings.update in the permission table; null while the current user loads.
  const canEdit = useCan('settings.update');
  const signOut = useSignOut();

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed" mt={4}>
          Connect your BigCommerce store, choose how products show, and manage your data.
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ApiAccountSection>
              <ConnectionLoader canEdit={canEdit} onDisconnected={onProductsDeleted} />
            </ApiAccountSection>
            <WorkOrdersSettings />
            <PriceHistoryExport />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <AccountCard />
            <StorageCard />
            <DataManagement onDeleted={onProductsDeleted} />
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="session-title">
              <Group justify="space-between" gap="sm">
                <div>
                  <Title order={2} size="h3" id="session-title">
                    Session
                  </Title>
                  <Text size="sm" c="dimmed" mt={2}>
                    Sign out of Catalog Pilot on this device.
                  </Text>
                </div>
                <Button
                  variant="default"
                  leftSection={<IconLogout size={16} aria-hidden="true" />}
                  onClick={() => void signOut()}
                >
                  Logout
                </Button>
              </Group>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
