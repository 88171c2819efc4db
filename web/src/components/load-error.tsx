/**
 * What a section shows in place of data it could not load: a red alert with the server's message
 * (else `fallback`) and a 'Try again' button that shows progress while the data is read again.
 * Offline is not an error: a screen shows OfflineNotice for that.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

export interface LoadErrorProps {
  /** What failed, as the alert's title: 'Could not load your settings'. */
  title: string;
  error: unknown;
  /** The message when the error carries none of its own. */
  fallback: string;
  /** True while the retry runs. */
  retrying: boolean;
  onRetry: () => void;
}

export function LoadError({ title, error, fallback, retrying, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} title={title}>
      <Text size="sm">{getErrorMessage(error, fallback)}</Text>
      <Button
        mt="sm"
        size="xs"
        variant="default"
        leftSection={<IconRefresh size={14} aria-hidden="true" />}
        loading={retrying}
        onClick={onRetry}
      >
        Try again
      </Button>
    </Alert>
  );
}
