import { Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { OFFLINE_ACTION_MESSAGE } from '../../../lib/use-online';

/**
 * An action that needs the server. Offline it stays focusable and hoverable (data-disabled
 * rather than disabled) so its tooltip can say why it waits; a click then does nothing.
 */
export function ServerActionButton({ offline, noteId, icon, label, onClick }: {
  offline: boolean;
  /** The element saying why it waits (read with the button offline). */
  noteId: string;
  icon: ReactNode;
  label: string;
  onClick: () => void;
}) {
  return (
    <Tooltip label={OFFLINE_ACTION_MESSAGE} disabled={!offline} withArrow multiline maw={260}>
      <Button
        size="xs"
        variant="default"
        leftSection={icon}
        data-disabled={offline || undefined}
        aria-disabled={offline || undefined}
        aria-describedby={offline ? noteId : undefined}
        onClick={(event) => {
          if (offline) event.preventDefault();
          else onClick();
        }}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
