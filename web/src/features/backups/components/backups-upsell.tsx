/**
 * /backups on a plan without backups: what they do, and the way to Premium (the pricing page's
 * upgrade link, which the subscription screen turns into the checkout confirmation).
 */
import { BACKUP_RETENTION_TEXT } from '@catalog/contracts/backups';
import { planNeededFor } from '@catalog/contracts/plans';
import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

export function BackupsUpsell({ planName }: { planName: string }) {
  const needed = planNeededFor('pricingBackups');
  return (
    <Stack gap="lg" maw={760}>
      <Group gap="sm" align="center">
        <Title order={1}>Backups</Title>
        <Badge variant="filled">{needed.name}</Badge>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconDatabase size={28} stroke={1.6} aria-hidden="true" />
          <Stack gap="sm">
            <Text fw={600}>Get back to yesterday&rsquo;s prices after a bad day.</Text>
            <Text>
              Catalog pricing backups keep the regular and sale price of every product and variant: once a day, right
              before every work order runs, and whenever you choose Back up now.
            </Text>
            <List spacing={4}>
              <List.Item>Compare any backup with your catalog now, and see what changed each price since.</List.Item>
              <List.Item>Restore every price, or a selection, as a work order you preview first and can undo.</List.Item>
              <List.Item>See your prices as they were at any date and time.</List.Item>
              <List.Item>Download a backup as a spreadsheet (CSV).</List.Item>
            </List>
            <Text size="sm" c="dimmed">
              {BACKUP_RETENTION_TEXT}
            </Text>
            <Text size="sm">
              Backups are part of the {needed.name} plan; your company is on the {planName} plan.
            </Text>
            <Group>
              <Button component={Link} to={`/subscription?upgrade=${needed.id}`}>
                Upgrade to {needed.name}
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
