/**
 * The box of invitations addressed to the signed-in user (any company), each with Accept
 * Invitation. Accepting shows 'Invitation Accepted' / "You've successfully joined the
 * company!" and then reloads the page: the user now belongs to another company, so everything
 * on screen is read afresh. Hidden while there is nothing to accept. Newest first; older ones
 * come with Load more (issue 31: any number of companies may invite one address).
 *
 * The API lists invitations only for a verified email address, so the list is not asked for
 * while the session's user is unverified (it would be refused with 403, an error in the console):
 * the box says why and offers to send the verification email again, and the list is read as soon
 * as the user is verified (the banner's "I've verified it"). Should the API still refuse (a token
 * from before the verification), the box says the same and asks again once.
 */
import { ErrorCode, isApiError } from '@catalog/contracts/errors';
import { INVITATION_ERRORS, type Invitation } from '@catalog/contracts/team';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadMore } from '../../../components/load-more';
import { VerifyEmailActions } from '../../../components/verify-email-actions';
import { hasVerifiedEmail } from '../../../lib/email-verification';
import { useAuth } from '../../../lib/session';
import { formatDateTime } from '../../../lib/format-date-time';
import { acceptInvitation } from '../api/accept-invitation';
import { useMyInvitations } from '../api/get-my-invitations';
import { NeedsConnection } from '../../../components/needs-connection';
import { useTeamAction } from '../hooks/use-team-action';
import { ROLE_LABELS } from './team-badges';

/** Long enough to read the toast before the page reloads. */
export const RELOAD_DELAY_MS = 1500;

export function MyInvitations({ reload }: { reload: () => void }) {
  const { user } = useAuth();
  // A store's user from BigCommerce counts as verified (their address is BigCommerce's).
  const verifiedNow = user !== null && hasVerifiedEmail(user);
  const mine = useMyInvitations(verifiedNow);
  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  const accept = useTeamAction(acceptInvitation, {
    fallback: 'Failed to accept invitation',
    success: () => ({ title: 'Invitation Accepted', message: "You've successfully joined the company!" }),
  });

  const run = async (invitation: Invitation) => {
    setAcceptingId(invitation.id);
    const accepted = await accept.run(invitation.id);
    if (accepted) window.setTimeout(reload, RELOAD_DELAY_MS);
    else setAcceptingId(null);
  };

  const refused = isApiError(mine.error) && mine.error.code === ErrorCode.EMAIL_NOT_VERIFIED;
  const { refetch } = mine;
  useEffect(() => {
    // Verified since the API refused: the refreshed token is let in now.
    if (refused && verifiedNow) void refetch();
  }, [refused, verifiedNow, refetch]);

  if (!verifiedNow || refused) {
    return (
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="my-invitations-title">
        <Title order={2} size="h3" id="my-invitations-title">
          Your Invitations
        </Title>
        <Alert
          mt="md"
          color="yellow"
          variant="light"
          icon={<IconMailExclamation aria-hidden="true" />}
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
        >
          <Stack gap="sm">
            <Text size="sm">{INVITATION_ERRORS.emailNotVerified}</Text>
            <VerifyEmailActions withCheck={false} />
          </Stack>
        </Alert>
      </Paper>
    );
  }
  const invitations = mine.invitations.items;
  if (!invitations || invitations.length === 0) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="my-invitations-title">
      <Title order={2} size="h3" id="my-invitations-title">
        Your Invitations
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="md">
        Accepting moves you into that company with the role it offers.
      </Text>
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {invitations.map((invitation) => (
          <Group component="li" key={invitation.id} justify="space-between" wrap="wrap" gap="sm">
            <div style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {invitation.companyName}
              </Text>
              <Text size="sm" c="dimmed">
                Join as {ROLE_LABELS[invitation.role].toLowerCase()} · Expires {formatDateTime(invitation.expiresAt)}
              </Text>
            </div>
            <NeedsConnection>
              <Button
                onClick={() => void run(invitation)}
                loading={acceptingId === invitation.id}
                disabled={acceptingId !== null && acceptingId !== invitation.id}
                aria-label={`Accept invitation to ${invitation.companyName}`}
              >
                Accept Invitation
              </Button>
            </NeedsConnection>
          </Group>
        ))}
      </Stack>
      <LoadMore list={mine.invitations} what="invitations" />
    </Paper>
  );
}
