/**
 * The top of the Team page: the company's name as the title with the user's role, an
 * edit-company-name button for the roles that may rename (spec: owner or admin; the others do
 * not see it), and Invite Member, shown to everyone as the spec does but disabled, with a
 * tooltip saying who can, for a role the permission table does not let invite.
 */
import type { CurrentUser } from '@catalog/contracts/auth';
import { can } from '@catalog/contracts/permissions';
import { ActionIcon, Button, Group, Text, Title } from '@mantine/core';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { NeedsConnection } from '../../../components/needs-connection';
import { NeedsPermission } from '../../../components/needs-permission';
import { RoleBadge } from './team-badges';

export interface TeamHeaderProps {
  me: CurrentUser;
  onEditName: () => void;
  onInvite: () => void;
}

export function TeamHeader({ me, onEditName, onInvite }: TeamHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <div style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" align="center">
          <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
            {me.company.name}
          </Title>
          {can(me.role, 'team.rename') && (
            <NeedsConnection label="Edit company name">
              <ActionIcon variant="default" size="lg" aria-label="Edit company name" onClick={onEditName}>
                <IconPencil size={18} aria-hidden="true" />
              </ActionIcon>
            </NeedsConnection>
          )}
        </Group>
        <Group gap="xs" mt={6}>
          <Text c="dimmed">Team management · Your role:</Text>
          <RoleBadge role={me.role} />
        </Group>
      </div>
      <NeedsPermission action="team.invite">
        <Button leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={onInvite}>
          Invite Member
        </Button>
      </NeedsPermission>
    </Group>
  );
}
