/** The landing page's feature list (the #features anchor of the navigation bar). */
import { Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconClipboardList,
  IconHistory,
  IconRefresh,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import classes from './sections.module.css';

const FEATURES: ReadonlyArray<{ title: string; description: string; icon: Icon }> = [
  {
    title: 'API sync',
    description:
      'Connect your BigCommerce store with an API token and pull in every product and variant. Browse and search them instantly, even without a connection.',
    icon: IconRefresh,
  },
  {
    title: 'Work Orders',
    description:
      'Bundle regular and sale price changes for many products into one work order. Run it now or schedule it for later, and undo it in one click.',
    icon: IconClipboardList,
  },
  {
    title: 'Price History',
    description:
      'Every price change is recorded with what it was, what it became and which work order made it, so you always know why a price moved.',
    icon: IconHistory,
  },
  {
    title: 'Teams & Roles',
    description:
      'Invite teammates as admins or members. Everyone works on the same catalog while store credentials and billing stay with the owners.',
    icon: IconUsersGroup,
  },
];

export function FeatureGrid() {
  return (
    <section id="features" className={classes.section} aria-labelledby="features-title">
      <Container size="lg" py={{ base: 56, sm: 88 }}>
        <Title order={2} id="features-title" ta="center">
          Everything you need to manage prices at scale
        </Title>
        <Text ta="center" c="dimmed" mt="sm" maw={640} mx="auto">
          From the first sync to the hundredth sale, Catalog Pilot keeps your catalog at hand and
          your price changes under control.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" mt={48}>
          {FEATURES.map(({ title, description, icon: FeatureIcon }) => (
            <Card key={title} withBorder radius="lg" padding="xl" className={classes.card}>
              <ThemeIcon size={48} radius="md" variant="light" aria-hidden="true">
                <FeatureIcon size={26} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {title}
              </Title>
              <Text size="sm" mt="xs">
                {description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
