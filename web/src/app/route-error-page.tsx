/**
 * Shown when a route fails to render or its code cannot be loaded (offline before the screen was
 * cached, or a deploy replaced the files this tab expected). Offers a reload and a way home.
 */
import { Button, Container, Group, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { usePageTitle } from '../lib/use-page-title';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  if (!isRouteErrorResponse(error)) console.error(error);

  const message = isChunkLoadError(error)
    ? 'This part of Catalog Pilot could not be loaded. Check your connection, then reload the page.'
    : 'An unexpected error stopped this page from loading. Reloading usually helps.';

  return (
    <main>
      <Container size="sm" py={80}>
        <Title order={1}>Something went wrong</Title>
        <Text mt="md">{message}</Text>
        <Group mt="xl">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component={Link} to="/" variant="default" reloadDocument>
            Go to the home page
          </Button>
        </Group>
      </Container>
    </main>
  );
}
