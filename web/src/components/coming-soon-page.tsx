/**
 * A tidy stand-in for a screen whose issue has not landed yet: the screen's real title and
 * subtitle, and a note that it is on its way.
 */
import { Container, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

interface ComingSoonPageProps {
  /** The page's h1 and tab title. */
  title: string;
  description: string;
  /** Browser tab title when it differs from the heading. */
  documentTitle?: string;
  children?: ReactNode;
}

export function ComingSoonPage({
  title,
  description,
  documentTitle,
  children,
}: ComingSoonPageProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <Container size="md" py="xl">
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt={4}>
        {description}
      </Text>
      <Paper withBorder radius="md" p="xl" mt="xl">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
          <IconTools size={24} stroke={1.6} />
        </ThemeIcon>
        <Text fw={700} mt="md">
          Coming soon
        </Text>
        <Text mt={4}>This screen is being built and will be here shortly.</Text>
        {children}
      </Paper>
    </Container>
  );
}
