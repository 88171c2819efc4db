/**
 * /team: the company's team (spec section 2). The title names the company and the user's role;
 * below it the user's own invitations to accept, the members, and the company's invitations.
 * Which role may use which control is the permission table's (decision 019): rename and remove
 * show only to the roles allowed; invite and cancel show to everyone and are disabled, with a
 * tooltip saying who can, for the others. The server enforces the same table.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { OfflineNotice } from '../../../components/offline-notice';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/current-user';
import { useOnline } from '../../../lib/use-online';
import { usePageTitle } from '../../../lib/use-page-title';
import { isOfflineFailure, useRefetchOnReconnect } from '../../../lib/use-refetch-on-reconnect';
import { InviteMemberModal } from './invite-member-modal';
import { MyInvitations } from './my-invitations';
import { PendingInvitations } from './pending-invitations';
import { RenameCompanyModal } from './rename-company-modal';
import { TeamHeader } from './team-header';
import { TeamMembers } from './team-members';

export interface TeamPageProps {
  /** After accepting an invitation; the browser's reload unless a test passes its own. */
  reload?: () => void;
}

export function TeamPage({ reload = () => window.location.reload() }: TeamPageProps) {
  usePageTitle('Team');
  const me = useCurrentUser();
  const [dialog, setDialog] = useState<'rename' | 'invite' | null>(null);
  const online = useOnline();
  const offline = !me.data && isOfflineFailure(me.error, online);
  useRefetchOnReconnect(offline, me.refetch);

  if (!me.data) {
    if (me.error === undefined) return <PageLoader />;
    if (offline) {
      return (
        <Stack gap="lg" maw={640}>
          <Title order={1}>Team</Title>
          <OfflineNotice what="Your team" />
        </Stack>
      );
    }
    return (
      <Paper withBorder p="lg" role="alert" maw={640}>
        <Title order={1} size="h3">
          Team
        </Title>
        <Text mt="xs">{getErrorMessage(me.error, 'Could not load your account.')}</Text>
        <Button variant="default" mt="md" onClick={() => void me.refetch()} loading={me.isFetching}>
          Try again
        </Button>
      </Paper>
    );
  }

  return (
    <Stack gap="xl" maw={960}>
      <TeamHeader me={me.data} onEditName={() => setDialog('rename')} onInvite={() => setDialog('invite')} />
      <MyInvitations reload={reload} />
      <TeamMembers me={me.data} />
      <PendingInvitations />
      <RenameCompanyModal opened={dialog === 'rename'} currentName={me.data.company.name} onClose={() => setDialog(null)} />
      <InviteMemberModal opened={dialog === 'invite'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
