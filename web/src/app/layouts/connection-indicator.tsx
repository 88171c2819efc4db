/**
 * The signed-in header's connection indicator: Online, Offline or Syncing (a catalog pull or an
 * outbox send under way), how many changes wait to be sent ("2 queued"), and a link to
 * /work-orders when the server refused some ("1 needs attention"). Screen readers hear each
 * change once, as one sentence, through a polite live region.
 */
import { Anchor, Box, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useOnline } from '../../lib/use-online';
import { useCatalogStatus } from '../../local/catalog-query';
import { useOutboxSummary } from '../../local/outbox';
import classes from './connection-indicator.module.css';
import { connectionState } from './connection-state';

export function ConnectionIndicator() {
  const online = useOnline();
  const { pulling } = useCatalogStatus();
  const { queued, rejected, sending } = useOutboxSummary();
  const state = connectionState({ online, pulling, sending, queued, rejected });

  return (
    <Box style={{ display: 'flex', alignItems: 'center', gap: 8 }} data-testid="connection-indicator">
      <span className={classes.pill} data-kind={state.kind} aria-hidden="true">
        <span className={classes.dot} />
        <span>{state.label}</span>
        {state.queuedText && <span className={classes.queued}>· {state.queuedText}</span>}
      </span>
      <VisuallyHidden role="status" aria-live="polite">
        {state.description}
      </VisuallyHidden>
      {state.attentionText && (
        <Anchor
          component={Link}
          to="/work-orders"
          size="sm"
          fw={600}
          c="var(--mantine-color-error)"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
        >
          <IconAlertTriangle size={16} aria-hidden="true" />
          {state.attentionText}
        </Anchor>
      )}
    </Box>
  );
}
