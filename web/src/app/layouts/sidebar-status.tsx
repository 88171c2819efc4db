/**
 * The bottom of the sidebar: whether a store is connected (GET /api/settings; any failure counts
 * as not connected), Install app (while the browser offers it), who is signed in, and Sign Out.
 * As an icon rail (tablets) each shows its icon or dot, its words as a tooltip and for screen readers.
 */
import { Avatar, Box, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { connectionLabel } from '@catalog/contracts/settings';
import { displayName } from '@catalog/contracts/auth';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useSettings } from '../../features/settings/api/get-settings';
import { useCurrentUser } from '../../lib/current-user';
import { useAuth } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';
import { InstallButton } from '../install-button';
import { RailTooltip } from './rail-tooltip';
import classes from './sidebar.module.css';

function StoreStatus({ rail }: { rail: boolean }) {
  const { data, error, isLoading } = useSettings();
  if (isLoading) {
    return (
      <Text size="sm" c="dimmed" px="sm" className={classes.railHidden}>
        Checking store...
      </Text>
    );
  }
  const label = connectionLabel(error ? null : data);
  const connected = label === 'Connected Store';
  return (
    <RailTooltip rail={rail} label={label}>
      <UnstyledButton component={Link} to="/settings" className={classes.status}>
        <Box
          component="span"
          className={classes.dot}
          data-connected={connected || undefined}
          aria-hidden="true"
        />
        <Text component="span" size="sm" fw={600} className={classes.railHidden}>
          {label}
        </Text>
      </UnstyledButton>
    </RailTooltip>
  );
}

export function SidebarStatus({ rail = false }: { rail?: boolean }) {
  const { user: session } = useAuth();
  const { data: user } = useCurrentUser();
  const signOut = useSignOut();
  const email = user?.email ?? session?.email ?? '';
  const name = user ? displayName(user) : (session?.displayName ?? email);

  return (
    <>
      <StoreStatus rail={rail} />
      <RailTooltip rail={rail} label="Install app">
        <InstallButton fullWidth justify="flex-start" mt="xs" classNames={{ root: classes.railItem, label: classes.railHidden }} />
      </RailTooltip>
      <Group gap="sm" wrap="nowrap" mt="md" px="sm" className={classes.account}>
        <Avatar src={user?.profileImageUrl ?? session?.photoURL ?? null} radius="xl" size={36} alt="">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box miw={0} className={classes.railHidden}>
          <Text size="sm" fw={600} truncate="end" title={name}>
            {name}
          </Text>
          {name !== email && (
            <Text size="xs" c="dimmed" truncate="end" title={email}>
              {email}
            </Text>
          )}
        </Box>
      </Group>
      <RailTooltip rail={rail} label="Sign Out">
        <Button
          variant="subtle"
          color="gray"
          justify="flex-start"
          fullWidth
          mt="xs"
          classNames={{ root: classes.railItem, label: classes.railHidden }}
          leftSection={<IconLogout size={18} aria-hidden="true" />}
          onClick={() => void signOut()}
        >
          Sign Out
        </Button>
      </RailTooltip>
    </>
  );
}
