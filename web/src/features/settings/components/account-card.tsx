/**
 * The account information card: profile image (or initial), full name or email, email, role and
 * company, from GET /api/auth/user and, while that loads, the signed-in session.
 */
import { displayName } from '@catalog/contracts/auth';
import { Avatar, Badge, Box, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { useAuth } from '../../../lib/session';

const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group component="div" justify="space-between" gap="xs" wrap="nowrap" py={6}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} ta="right" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

export function AccountCard() {
  const { user: session } = useAuth();
  const { data: user, isLoading } = useCurrentUser();
  const email = user?.email ?? session?.email ?? '';
  const name = user ? displayName(user) : session?.displayName || email;
  const photo = user?.profileImageUrl ?? session?.photoURL ?? null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="account-title">
      <Title order={2} size="h3" id="account-title">
        Account
      </Title>
      <Group gap="md" mt="md" wrap="nowrap">
        <Avatar src={photo} alt="" radius="xl" size={56} color="indigo">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box miw={0}>
          <Text fw={700} truncate="end" title={name}>
            {name}
          </Text>
          <Text size="sm" c="dimmed" truncate="end" title={email}>
            {email}
          </Text>
        </Box>
      </Group>
      {isLoading && !user ? (
        <Skeleton height={90} mt="md" />
      ) : (
        <Box component="dl" mt="md" mb={0}>
          <Detail label="Email">{email}</Detail>
          <Detail label="Role">
            {user ? (
              <Badge variant="filled" component="span">
                {ROLE_LABELS[user.role]}
              </Badge>
            ) : (
              '—'
            )}
          </Detail>
          <Detail label="Company">{user?.company.name ?? '—'}</Detail>
        </Box>
      )}
    </Paper>
  );
}
