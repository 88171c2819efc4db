/**
 * The invitation as a signed-in user sees it on /accept-invitation: company, role, who sent
 * it, status and expiry, a warning when they are signed in with another email than the one
 * invited, why they cannot accept it yet while their address is not verified (with "Resend email"
 * and "I've verified it"), and the way to the Team page, where it is accepted.
 */
import { INVITATION_ERRORS } from '@catalog/contracts/team';
import { Alert, Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconMailExclamation } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { VerifyEmailActions } from '../../../components/verify-email-actions';
import { formatDateTime } from '../../../lib/format-date-time';
import type { InvitationDetails } from '../api/get-invitation-by-token';

const ROLE = { admin: 'Admin', member: 'Member' } as const;
const STATUS = {
  pending: { label: 'Pending', color: 'yellow.3' },
  accepted: { label: 'Accepted', color: 'green.3' },
  expired: { label: 'Expired', color: 'red.3' },
  // The API answers 410 for a cancelled one's link, so this card never shows it; named for completeness.
  cancelled: { label: 'Cancelled', color: 'gray.3' },
} as const;

export interface InvitationDetailsCardProps {
  invitation: InvitationDetails;
  /** The email of the signed-in user (null if the identity has none). */
  signedInEmail: string | null;
  /** The signed-in user's address is verified (the API lets only those accept). */
  emailVerified: boolean;
}

export function InvitationDetailsCard({ invitation, signedInEmail, emailVerified }: InvitationDetailsCardProps) {
  const otherEmail = signedInEmail !== null && signedInEmail.toLowerCase() !== invitation.email.toLowerCase();
  const mustVerify = !otherEmail && !emailVerified && invitation.status === 'pending';
  const status = STATUS[invitation.status];
  const rows: Array<[string, ReactNode]> = [
    ['Company', invitation.companyName],
    ['Role', ROLE[invitation.role]],
    ['Invited by', invitation.inviterEmail ?? 'A former team member'],
    ['Invited email', invitation.email],
    ['Status', <Badge key="status" color={status.color} variant="filled" autoContrast>{status.label}</Badge>],
    ['Expires', formatDateTime(invitation.expiresAt)],
  ];

  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} size="h2">
          Join {invitation.companyName}
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder aria-label="Invitation details">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 120, sm: 150 }}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {otherEmail && (
          <Alert color="yellow" variant="outline" icon={<IconInfoCircle aria-hidden="true" />}>
            <Text c="var(--mantine-color-text)">
              This invitation was sent to {invitation.email}, but you are signed in as {signedInEmail}. Sign in with{' '}
              {invitation.email} to accept it.
            </Text>
          </Alert>
        )}
        {mustVerify && (
          <Alert color="yellow" variant="outline" icon={<IconMailExclamation aria-hidden="true" />}>
            <Stack gap="sm">
              <Text c="var(--mantine-color-text)">{INVITATION_ERRORS.emailNotVerified}</Text>
              <VerifyEmailActions />
            </Stack>
          </Alert>
        )}
        {invitation.status === 'accepted' ? (
          <Text>This invitation has already been accepted. The team is on the Team page.</Text>
        ) : (
          <Text>To accept, open the Team page: the invitation is waiting under Your Invitations.</Text>
        )}
        <Button component={Link} to="/team" style={{ alignSelf: 'flex-start' }}>
          Go to Team page
        </Button>
      </Stack>
    </Paper>
  );
}
