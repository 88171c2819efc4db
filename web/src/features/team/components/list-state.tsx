/**
 * What a Team page list shows before it has data: a loading line, or the failure with a
 * 'Try again' button (the server's message, else the list's own fallback). Renders nothing
 * once the data is there, so a list writes `<ListState query={q} ... />` and then its rows.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { Button, Group, Loader, Text } from '@mantine/core';
import type { QueryResult } from '../../../lib/api-query';

export interface ListStateProps {
  query: QueryResult<unknown>;
  loadingLabel: string;
  errorLabel: string;
}

export function ListState({ query, loadingLabel, errorLabel }: ListStateProps) {
  if (query.data !== undefined) return null;
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
