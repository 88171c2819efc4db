/**
 * The API connection card: store hash, access token (masked as the API returns it), client id,
 * the two display switches, Save, and when the catalog was last synced. A role the permission
 * table does not let change settings (settings.update) sees the fields disabled with a note,
 * and Save disabled with a tooltip, both saying who can.
 */
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, type FormEvent, type Ref } from 'react';
import { whoCan } from '@catalog/contracts/permissions';
import { NeedsPermission } from '../../../components/needs-permission';
import { useOnline } from '../../../lib/use-online';
import type { SettingsForm } from '../hooks/use-settings-form';
import { formatLastSync } from '../utils/last-sync-time';
import { isMaskedToken } from '../utils/settings-form';

interface StoreConnectionFormProps {
  form: SettingsForm;
  /** The role may change settings (settings.update); null while it is not known yet (the form waits, without a note). */
  canEdit: boolean | null;
  lastSyncAt: string | null;
  /** The Save button, for 'Use demo store' to move focus to. */
  saveButtonRef?: Ref<HTMLButtonElement>;
}

export const MEMBER_NOTE = `${whoCan('settings.update')}.`;

export function StoreConnectionForm({ form, canEdit, lastSyncAt, saveButtonRef }: StoreConnectionFormProps) {
  const { values, errors, saving, failedAttempts, setText, setSwitch, submit } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const disabled = canEdit !== true;
  const tokenMasked = isMaskedToken(values.accessToken);
  // Saving checks the credentials with the store: it needs the server.
  const online = useOnline();

  // After a submit with errors, focus the first field that has one.
  useEffect(() => {
    if (failedAttempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAttempts]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled && online) void submit();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="api-connection-title">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={3} size="h3" id="api-connection-title">
            API Connection
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            Your BigCommerce store's API credentials. They are checked with the store before saving.
          </Text>
        </div>
        <Text size="sm" c="dimmed">
          Last sync:{' '}
          <Text span inherit fw={600} c="var(--mantine-color-text)">
            {formatLastSync(lastSyncAt)}
          </Text>
        </Text>
      </Group>

      {canEdit === false && (
        <Alert mt="md" color="gray" variant="light" icon={<IconLock size={18} aria-hidden="true" />}>
          {MEMBER_NOTE}
        </Alert>
      )}

      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="API connection">
        <Fieldset variant="unstyled" disabled={disabled} mt="md">
          <Stack gap="md">
            <TextInput
              label="Store hash"
              description="From your API path: https://api.bigcommerce.com/stores/{store hash}/v3/"
              withAsterisk
              aria-required="true"
              autoComplete="off"
              spellCheck={false}
              value={values.storeHash}
              onChange={(e) => setText('storeHash', e.currentTarget.value)}
              error={errors.storeHash}
              disabled={disabled}
            />
            <PasswordInput
              label="Access token"
              description={
                tokenMasked
                  ? 'The saved token stays hidden. Keep it as it is, or enter a new token to replace it.'
                  : 'Shown once by BigCommerce when you create the API account.'
              }
              withAsterisk
              aria-required="true"
              autoComplete="off"
              spellCheck={false}
              value={values.accessToken}
              onChange={(e) => setText('accessToken', e.currentTarget.value)}
              // Typing replaces the masked token rather than adding to it.
              onFocus={(e) => tokenMasked && e.currentTarget.select()}
              error={errors.accessToken}
              // Mantine's PasswordInput leaves aria-invalid out; TextInput sets it.
              aria-invalid={!!errors.accessToken}
              disabled={disabled}
              visibilityToggleButtonProps={{ 'aria-label': 'Show access token', tabIndex: 0 }}
            />
            <TextInput
              label="Client ID"
              withAsterisk
              aria-required="true"
              autoComplete="off"
              spellCheck={false}
              value={values.clientId}
              onChange={(e) => setText('clientId', e.currentTarget.value)}
              error={errors.clientId}
              disabled={disabled}
            />
            <Switch
              label="Show stock status"
              description="Show the Stock column and stock badges on products"
              checked={values.showStockStatus}
              onChange={(e) => setSwitch('showStockStatus', e.currentTarget.checked)}
              disabled={disabled}
            />
            <Switch
              label="Show invisible products"
              description="Also sync products hidden from your storefront (from the next sync)"
              checked={values.showInvisibleProducts}
              onChange={(e) => setSwitch('showInvisibleProducts', e.currentTarget.checked)}
              disabled={disabled}
            />
          </Stack>
        </Fieldset>
        {/* Outside the fieldset: a disabled fieldset disables its buttons, and Save keeps its tooltip. */}
        <Group justify="flex-end" mt="md">
          <NeedsPermission action="settings.update">
            <Button
              type="submit"
              ref={saveButtonRef}
              loading={saving}
              leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
            >
              Save settings
            </Button>
          </NeedsPermission>
        </Group>
      </form>
    </Paper>
  );
}
