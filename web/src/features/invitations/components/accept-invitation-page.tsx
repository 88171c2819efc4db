/**
 * /accept-invitation?token=...: what an invitation link opens (spec section 2). Errors: no
 * token, a link that is unknown or expired, or details that could not be loaded. A visitor who
 * is not signed in is asked to sign in (and comes back here afterwards); a signed-in user sees
 * the company, role, inviter, status and expiry, and is sent to the Team page to accept, since
 * this page does not accept by itself (an unverified address is told to verify it first).
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { INVITATION_ERRORS } from '@catalog/contracts/team';
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { useAuth } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useInvitationByToken } from '../api/get-invitation-by-token';
import { InvitationDetailsCard } from './invitation-details';

export const ACCEPT_INVITATION_MESSAGES = {
  noToken: 'Invalid invitation link - no token provided',
  loadFailed: 'Failed to load invitation details',
  notFound: INVITATION_ERRORS.notFound,
} as const;

function Problem({ message }: { message: string }) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} size="h2">
        Team Invitation
      </Title>
      <Alert mt="md" color="red" variant="outline" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
        <Text c="var(--mantine-color-text)">{message}</Text>
      </Alert>
    </Paper>
  );
}

export function AcceptInvitationPage() {
  usePageTitle('Accept invitation');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const lookup = useInvitationByToken(token);
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();

  let content;
  if (!token) content = <Problem message={ACCEPT_INVITATION_MESSAGES.noToken} />;
  else if (lookup.state === 'loading' || isLoading) content = <PageLoader />;
  else if (lookup.state === 'failed') {
    const missing = lookup.error instanceof ApiError && lookup.error.code === ErrorCode.NOT_FOUND;
    content = <Problem message={missing ? ACCEPT_INVITATION_MESSAGES.notFound : ACCEPT_INVITATION_MESSAGES.loadFailed} />;
  } else if (!user) {
    const { invitation } = lookup;
    content = (
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Sign In Required
          </Title>
          <Text>
            You have been invited to join <strong>{invitation.companyName}</strong>. Sign in, or create an account, with{' '}
            <strong style={{ overflowWrap: 'anywhere' }}>{invitation.email}</strong> to see the invitation and accept it.
          </Text>
          <Button
            style={{ alignSelf: 'flex-start' }}
            onClick={() => navigate('/login', { state: { from: `/accept-invitation?token=${encodeURIComponent(token)}` } })}
          >
            Sign In
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <InvitationDetailsCard invitation={lookup.invitation} signedInEmail={user.email} emailVerified={user.emailVerified} />
    );
  }

  return (
    <Container size={620} py={{ base: 32, sm: 64 }} px="md">
      {content}
    </Container>
  );
}
