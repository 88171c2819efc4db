/** Landing page hero: the headline, what the product does, the calls to action and a sample work order. */
import {
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCalendarTime } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './hero.module.css';

const SAMPLE_CHANGES = [
  { name: 'Trail Runner 2 — Blue / 42', from: '$129.00', to: '$109.00' },
  { name: 'Merino Hiking Socks (3-pack)', from: '$24.00', to: '$19.90' },
  { name: 'Ultralight Daypack 20L', from: '$89.00', to: '$74.50' },
] as const;

/** A static example of what a work order looks like; it is illustration, not live data. */
function SampleWorkOrder() {
  return (
    <Paper
      className={classes.preview}
      withBorder
      shadow="md"
      radius="lg"
      p="lg"
      role="figure"
      aria-label="Example: a scheduled work order for a spring sale that lowers the price of three products"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700}>Spring sale</Text>
          <Text size="sm" c="dimmed">
            3 products · sale prices
          </Text>
        </div>
        <Badge
          variant="filled"
          color="indigo"
          leftSection={<IconCalendarTime size={12} aria-hidden="true" />}
        >
          Scheduled
        </Badge>
      </Group>
      <Stack gap={0} mt="md">
        {SAMPLE_CHANGES.map((change) => (
          <div key={change.name} className={classes.priceRow}>
            <Text size="sm" truncate>
              {change.name}
            </Text>
            <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text span c="dimmed" className={classes.oldPrice} size="sm">
                {change.from}
              </Text>{' '}
              <Text span fw={700} size="sm">
                {change.to}
              </Text>
            </Text>
          </div>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="sm">
        Runs Apr 3, 2026 at 9:00 AM · Undo any time
      </Text>
    </Paper>
  );
}

export function Hero() {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 48, sm: 88 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <div>
            <Title order={1} id="hero-title" className={classes.title}>
              Navigate your catalog <span className={classes.accent}>with confidence</span>
            </Title>
            <Text size="lg" mt="lg" maw={560}>
              Catalog Pilot syncs your BigCommerce products and variants, lets you browse them
              instantly, even offline, and turns bulk price changes into work orders you can
              schedule, track and undo.
            </Text>
            <Group mt={32} gap="sm">
              <Button
                component={Link}
                to="/login"
                size="lg"
                rightSection={<IconArrowRight size={18} aria-hidden="true" />}
              >
                Get Started
              </Button>
              <Button component={Link} to="/pricing" size="lg" variant="default">
                See pricing
              </Button>
            </Group>
            <Text size="sm" c="dimmed" mt="md">
              Free trial. No credit card required.
            </Text>
          </div>
          <Group justify="center">
            <SampleWorkOrder />
          </Group>
        </SimpleGrid>
      </Container>
    </section>
  );
}
