/**
 * The Team Members list: avatar, name, email and role of everyone in the company, "You" next to
 * the signed-in user, and a Remove button on the members the user may remove (canRemoveMember:
 * the roles of team.removeMember in the permission table, never an owner, never themselves),
 * behind the spec's confirmation. Others see no Remove button, as the spec has it. Oldest first;
 * a large team's later members come with Load more (issue 31).
 */
import { canRemoveMember, displayName, type CurrentUser } from '@catalog/contracts/auth';
import type { TeamMember } from '@catalog/contracts/team';
import { Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTeamMembers } from '../api/get-team-members';
import { removeMember } from '../api/remove-member';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMore } from '../../../components/load-more';
import { NeedsConnection } from '../../../components/needs-connection';
import { useTeamAction } from '../hooks/use-team-action';
import { ListState } from './list-state';
import { RoleBadge } from './team-badges';

export function TeamMembers({ me }: { me: CurrentUser }) {
  const team = useTeamMembers();
  const members = team.members.items;
  // The member stays set while the dialog closes, so its text does not change on the way out.
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useTeamAction(removeMember, {
    fallback: 'Failed to remove team member',
    success: (result) => ({ title: 'Member Removed', message: result.message }),
  });

  const confirm = async () => {
    if (!removing) return;
    await remove.run(removing.id);
    setConfirming(false);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="team-members-title">
      <Title order={2} size="h3" id="team-members-title" mb="md">
        Team Members
      </Title>
      <ListState query={team} loadingLabel="Loading team members..." errorLabel="Could not load the team members" />
      {members && (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {members.map((member) => {
            const name = displayName(member);
            return (
              <Group component="li" key={member.id} justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Avatar src={member.profileImageUrl} name={name} color="indigo" variant="filled" alt="" aria-hidden="true" />
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="wrap">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {name}
                      </Text>
                      {member.id === me.id && (
                        <Badge variant="default" size="sm">
                          You
                        </Badge>
                      )}
                    </Group>
                    {name !== member.email && (
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {member.email}
                      </Text>
                    )}
                  </div>
                </Group>
                <Group gap="sm" wrap="nowrap">
                  <RoleBadge role={member.role} />
                  {canRemoveMember(me, member) && (
                    <NeedsConnection>
                      <Button
                        variant="default"
                        size="xs"
                        leftSection={<IconUserMinus size={14} aria-hidden="true" />}
                        aria-label={`Remove ${name}`}
                        onClick={() => {
                          setRemoving(member);
                          setConfirming(true);
                        }}
                      >
                        Remove
                      </Button>
                    </NeedsConnection>
                  )}
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
      <LoadMore list={team.members} what="members" />
      <ConfirmDialog
        opened={confirming}
        title="Remove Team Member"
        message={`Are you sure you want to remove ${removing ? displayName(removing) : ''} from the team? They will be moved to their own company.`}
        confirmLabel="Remove"
        pending={remove.pending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
