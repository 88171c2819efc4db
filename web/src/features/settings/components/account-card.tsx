/**
 * The account information card: profile image (or initial), full name or email, email, role and
 * company, from GET /api/auth/user and, while that loads, the signed-in session.
 */
import { displayName } from '@catalog/contracts/auth';
import { Avatar, Badge, Box, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../../lib/current-user';
import { useAuth } from '../../../lib/session';
import { DetailRow } from './detail-row';

const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

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
          <DetailRow label="Email">{email}</DetailRow>
          <DetailRow label="Role">
            {user ? (
              <Badge variant="filled" component="span">
                {ROLE_LABELS[user.role]}
              </Badge>
            ) : (
              '—'
            )}
          </DetailRow>
          <DetailRow label="Company">{user?.company.name ?? '—'}</DetailRow>
        </Box>
      )}
    </Paper>
  );
}
