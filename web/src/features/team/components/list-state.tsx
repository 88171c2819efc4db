/**
 * What a Team page list shows before it has data: a loading line, or the failure with a
 * 'Try again' button (the server's message, else the list's own fallback). Renders nothing
 * once the data is there, so a list writes `<ListState query={q} ... />` and then its rows.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { Button, Group, Loader, Text } from '@mantine/core';
import type { QueryResult } from '../../../lib/api-query';
import { useOnline } from '../../../lib/use-online';
import { isOfflineFailure, useRefetchOnReconnect } from '../../../lib/use-refetch-on-reconnect';

export interface ListStateProps {
  query: QueryResult<unknown>;
  loadingLabel: string;
  errorLabel: string;
}

export function ListState({ query, loadingLabel, errorLabel }: ListStateProps) {
  const online = useOnline();
  const offline = query.data === undefined && isOfflineFailure(query.error, online);
  useRefetchOnReconnect(offline, query.refetch);
  if (query.data !== undefined) return null;
  if (offline) {
    return (
      <Text size="sm" role="status">
        You are offline. This list will load when the connection returns.
      </Text>
    );
  }
  if (query.error !== undefined) {
    return (
      <div role="alert">
        <Text fw={600}>{errorLabel}</Text>
        <Text size="sm" c="dimmed" mt={2}>
          {getErrorMessage(query.error, 'Something went wrong. Please try again.')}
        </Text>
        <Button variant="default" size="xs" mt="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm">{loadingLabel}</Text>
    </Group>
  );
}
