/**
 * The Pending Invitations list: every invitation of the company with its role, status badge
 * (pending yellow, accepted green, expired red), when it was sent and when it expires, and a
 * Cancel button behind the spec's confirmation. Everyone sees Cancel (spec section 6); a role
 * the permission table does not let cancel sees it disabled, with a tooltip saying who can.
 * Newest first; older ones come with Load more (issue 31).
 */
import type { Invitation } from '@catalog/contracts/team';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date-time';
import { cancelInvitation } from '../api/cancel-invitation';
import { useInvitations } from '../api/get-invitations';
import { NeedsPermission } from '../../../components/needs-permission';
import { useTeamAction } from '../hooks/use-team-action';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMore } from '../../../components/load-more';
import { ListState } from './list-state';
import { InvitationStatusBadge, RoleBadge } from './team-badges';

function when(invitation: Invitation): string {
  const sent = `Sent ${formatDateTime(invitation.createdAt)}`;
  if (invitation.status === 'accepted') return sent;
  const verb = invitation.status === 'expired' ? 'Expired' : 'Expires';
  return `${sent} · ${verb} ${formatDateTime(invitation.expiresAt)}`;
}

export function PendingInvitations() {
  const list = useInvitations();
  const invitations = list.invitations.items;
  const [target, setTarget] = useState<Invitation | null>(null);
  const [confirming, setConfirming] = useState(false);
  const cancel = useTeamAction(cancelInvitation, {
    fallback: 'Failed to cancel invitation',
    success: () => ({ title: 'Invitation Cancelled', message: `The invitation to ${target?.email ?? 'them'} no longer works.` }),
  });

  const confirm = async () => {
    if (!target) return;
    await cancel.run(target.id);
    setConfirming(false);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="pending-invitations-title">
      <Title order={2} size="h3" id="pending-invitations-title" mb="md">
        Pending Invitations
      </Title>
      <ListState query={list} loadingLabel="Loading invitations..." errorLabel="Could not load the invitations" />
      {invitations?.length === 0 && <Text c="dimmed">No invitations yet. Invite a teammate to work together.</Text>}
      {invitations && invitations.length > 0 && (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {invitations.map((invitation) => (
            <Group component="li" key={invitation.id} justify="space-between" wrap="wrap" gap="sm">
              <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {invitation.email}
                </Text>
                <Text size="sm" c="dimmed">
                  {when(invitation)}
                </Text>
              </div>
              <Group gap="sm" wrap="nowrap">
                <RoleBadge role={invitation.role} />
                <InvitationStatusBadge status={invitation.status} />
                {invitation.status !== 'accepted' && (
                  <NeedsPermission action="team.cancelInvitation">
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconX size={14} aria-hidden="true" />}
                      aria-label={`Cancel invitation to ${invitation.email}`}
                      onClick={() => {
                        setTarget(invitation);
                        setConfirming(true);
                      }}
                    >
                      Cancel
                    </Button>
                  </NeedsPermission>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <LoadMore list={list.invitations} what="invitations" />
      <ConfirmDialog
        opened={confirming}
        title="Cancel Invitation"
        message="Are you sure you want to cancel this invitation?"
        confirmLabel="Cancel Invitation"
        cancelLabel="Keep Invitation"
        pending={cancel.pending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
