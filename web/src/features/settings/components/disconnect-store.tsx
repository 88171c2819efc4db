/**
 * 'Disconnect store', under the connection form once a store is connected, behind a
 * confirmation that says what goes: the credentials, the app's copy of the catalog, pending
 * work orders, and the webhooks that keep the catalog fresh (the store's products stay). Only
 * the roles of settings.update see it enabled (NeedsPermission says who can).
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NeedsPermission } from '../../../components/needs-permission';
import { disconnectStore } from '../api/disconnect-store';

export const DISCONNECT_CONFIRMATION =
  'Catalog Pilot will forget this store\u2019s credentials and its copy of your products, cancel pending and scheduled work orders, and stop following changes made in the store.';
export const DISCONNECT_FAILED_MESSAGE = 'Failed to disconnect the store';

interface DisconnectStoreProps {
  /** After the store was disconnected: refresh what shows products or their count. */
  onDisconnected?: () => void;
}

export function DisconnectStore({ onDisconnected }: DisconnectStoreProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await disconnectStore();
      notifications.show({ color: 'green', title: 'Store disconnected', message: 'Connect a store to sync your catalog again.' });
      onDisconnected?.();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, DISCONNECT_FAILED_MESSAGE) });
    } finally {
      setPending(false);
      close();
    }
  };

  return (
    <Group justify="flex-end">
      <NeedsPermission action="settings.update">
        <Button variant="outline" color="red.8" leftSection={<IconPlugConnectedX size={16} aria-hidden="true" />} onClick={open}>
          Disconnect store
        </Button>
      </NeedsPermission>
      <ConfirmDialog
        opened={opened}
        title="Disconnect your store?"
        message={DISCONNECT_CONFIRMATION}
        confirmLabel="Disconnect store"
        pending={pending}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <Text size="sm" c="dimmed">
          The products in your BigCommerce store are not touched.
        </Text>
      </ConfirmDialog>
    </Group>
  );
}
