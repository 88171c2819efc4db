/**
 * The Data Management danger zone: 'Delete all products' behind the spec's confirmation. It
 * deletes the app's copy of the catalog, not the products in the BigCommerce store, and says so.
 * A role the permission table does not let delete the catalog (catalog.deleteAll) sees the
 * button disabled, with a note and a tooltip saying who can.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { whoCan } from '@catalog/contracts/permissions';
import { Button, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NeedsPermission, useCan } from '../../../components/needs-permission';
import { deleteAllProducts } from '../api/delete-all-products';

/** The spec's confirmation (section 5). */
export const DELETE_ALL_CONFIRMATION =
  'Are you sure you want to delete ALL products? This action cannot be undone.';
export const DELETE_FAILED_MESSAGE = 'Failed to delete products';

/** Filled red buttons use shade 8: white text on it passes 4.5:1 in both colour schemes. */
const DANGER = 'red.8';

interface DataManagementProps {
  /** After the products were deleted: refresh what shows them. */
  onDeleted?: () => void;
}

export function DataManagement({ onDeleted }: DataManagementProps) {
  const canDelete = useCan('catalog.deleteAll');
  const [opened, { open, close }] = useDisclosure(false);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      const message = await deleteAllProducts();
      notifications.show({ color: 'green', title: 'Products deleted', message });
      onDeleted?.();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, DELETE_FAILED_MESSAGE) });
    } finally {
      setDeleting(false);
      close();
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="data-management-title"
      style={{ borderColor: 'var(--mantine-color-red-outline)' }}
    >
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color="red" variant="light" radius="md" aria-hidden="true">
          <IconAlertTriangle size={18} />
        </ThemeIcon>
        <Title order={2} size="h3" id="data-management-title">
          Data Management
        </Title>
      </Group>
      <Text size="sm" mt="sm">
        Delete every product and variant Catalog Pilot has synced. This removes the app's copy
        only: the products in your BigCommerce store are not touched, and the next sync brings them
        back.
      </Text>
      {canDelete === false && (
        <Text size="sm" c="dimmed" mt="xs">
          {whoCan('catalog.deleteAll')}.
        </Text>
      )}
      <NeedsPermission action="catalog.deleteAll">
        <Button mt="md" color={DANGER} leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={open}>
          Delete all products
        </Button>
      </NeedsPermission>

      <ConfirmDialog
        opened={opened}
        title="Delete all products?"
        message={DELETE_ALL_CONFIRMATION}
        confirmLabel="Delete all products"
        pending={deleting}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <Text size="sm" c="dimmed">
          It deletes Catalog Pilot's copy of your products, not the products in your BigCommerce store.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
