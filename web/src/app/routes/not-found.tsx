/** Unknown paths for signed-in users (signed-out visitors get the landing page instead). */
import { Button, Container, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundRoute() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py={80} ta="center">
      <Text fw={800} fz={72} lh={1} c="var(--mantine-primary-color-text)" aria-hidden="true">
        404
      </Text>
      <Title order={1} mt="md">
        404 Page Not Found
      </Title>
      <Text mt="md" size="lg">
        The page you are looking for does not exist or has moved.
      </Text>
      <Button
        component={Link}
        to="/"
        mt="xl"
        size="md"
        leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
      >
        Back to home
      </Button>
    </Container>
  );
}
