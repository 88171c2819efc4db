/**
 * The signed-in header's connection indicator: Online, Offline or Syncing (a catalog pull or an
 * outbox send under way), how many changes wait to be sent ("2 queued"), and a warning when the
 * server refused some ("1 needs attention"). Screen readers hear each change once, as one
 * sentence, through a polite live region. Pressing it lists the changes not yet on the server
 * (features/outbox), with send now, edit and discard.
 */
import { Box, Popover, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Deferred } from '../../components/deferred';
import { PendingChanges } from '../../features/outbox/components/pending-changes';
import { useOnline } from '../../lib/use-online';
import { useCatalogStatus } from '../../local/catalog-query';
import { useOutboxSummary } from '../../local/outbox-hooks';
import classes from './connection-indicator.module.css';
import { connectionState } from './connection-state';

export const PENDING_CHANGES_TITLE = 'Changes not yet on the server';

export function ConnectionIndicator() {
  const online = useOnline();
  const { pulling } = useCatalogStatus();
  const { queued, rejected, sending } = useOutboxSummary();
  const state = connectionState({ online, pulling, sending, queued, rejected });
  const [opened, { toggle, close }] = useDisclosure(false);
  const { key } = useLocation();
  // Edit in the list opens another screen: the list closes with it.
  useEffect(close, [key, close]);

  const target = (onClick: () => void) => (
    <UnstyledButton
      onClick={onClick}
      className={classes.button}
      aria-haspopup="dialog"
      aria-expanded={opened}
    >
      <Box component="span" style={{ display: 'flex', alignItems: 'center', gap: 8 }} data-testid="connection-indicator">
        <span className={classes.pill} data-kind={state.kind}>
          <span className={classes.dot} />
          <span>{state.label}</span>
          {state.queuedText && <span className={classes.queued}>· {state.queuedText}</span>}
        </span>
        {state.attentionText && (
          <Text component="span" size="sm" fw={600} c="var(--mantine-color-error)" className={classes.attention}>
            <IconAlertTriangle size={16} aria-hidden="true" />
            {state.attentionText}
          </Text>
        )}
        {/* The name starts with what is shown (WCAG 2.5.3), then says what pressing does. */}
        <VisuallyHidden>, show changes not yet on the server</VisuallyHidden>
      </Box>
    </UnstyledButton>
  );

  return (
    <>
      {/* In the app's first screen the popover's machinery comes at the first press (Deferred). */}
      <Deferred
        until="press"
        plain={(activate) =>
          target(() => {
            activate();
            toggle();
          })
        }
      >
        <Popover opened={opened} onChange={(next) => (next ? undefined : close())} position="bottom-end" width={340} shadow="md" withArrow trapFocus>
          <Popover.Target>{target(toggle)}</Popover.Target>
          <Popover.Dropdown role="dialog" aria-label={PENDING_CHANGES_TITLE}>
            <Text fw={700} size="sm" mb="xs">
              {PENDING_CHANGES_TITLE}
            </Text>
            <Box mah={360} style={{ overflowY: 'auto' }}>
              <PendingChanges />
            </Box>
          </Popover.Dropdown>
        </Popover>
      </Deferred>
      <VisuallyHidden role="status" aria-live="polite">
        {state.description}
      </VisuallyHidden>
    </>
  );
}
