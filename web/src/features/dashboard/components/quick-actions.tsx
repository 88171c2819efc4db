/** The dashboard's Quick Action cards: one link to each main section. */
import { Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBox, IconClipboardList, IconSettings, IconUsers, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './quick-actions.module.css';

const ACTIONS: ReadonlyArray<{ to: string; title: string; description: string; icon: Icon }> = [
  { to: '/products', title: 'Products', description: 'Browse & manage', icon: IconBox },
  { to: '/work-orders', title: 'Work Orders', description: 'Schedule & execute', icon: IconClipboardList },
  {
    to: '/team',
    title: 'Team',
    description: 'Collaborate: team members, roles and company settings',
    icon: IconUsers,
  },
  {
    to: '/settings',
    title: 'Settings',
    description: 'Configure your BigCommerce API connection and preferences',
    icon: IconSettings,
  },
];

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-title">
      <Title order={2} size="h3" id="quick-actions-title">
        Quick Actions
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="sm">
        {ACTIONS.map(({ to, title, description, icon: ActionIcon }) => (
          <Paper key={to} component={Link} to={to} withBorder radius="md" p="md" className={classes.card}>
            <ThemeIcon variant="light" radius="md" size={36} aria-hidden="true">
              <ActionIcon size={20} stroke={1.7} />
            </ThemeIcon>
            <Text fw={700} mt="sm">
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
