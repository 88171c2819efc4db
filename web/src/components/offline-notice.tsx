/**
 * What a screen shows instead of an error when its data could not be read because the device is
 * offline: not a failure to fix, just a wait. The data is fetched again by the screen once the
 * connection returns (useRefetchOnReconnect).
 */
import { Alert, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';

export interface OfflineNoticeProps {
  /** What waits for the connection, as the end of a sentence: 'Your settings'. */
  what: string;
  /** A heading level 1 for a screen that shows nothing else (its title). */
  title?: string;
}

export function OfflineNotice({ what, title = 'You are offline' }: OfflineNoticeProps) {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconWifiOff size={18} aria-hidden="true" />}
      title={title}
      role="status"
      styles={{ title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">{what} will load when the connection returns.</Text>
    </Alert>
  );
}
