/**
 * /accept-invitation?token=...: what an invitation link opens (spec section 2). Errors: no
 * token, a link that is unknown, one already accepted, cancelled or expired (the API's 410:
 * why, and to ask for a new one), or details that could not be loaded. A visitor who
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
import { hasVerifiedEmail } from '../../../lib/email-verification';
import { useAuth } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useInvitationByToken } from '../api/get-invitation-by-token';
import { InvitationDetailsCard } from './invitation-details';

export const ACCEPT_INVITATION_MESSAGES = {
  noToken: 'Invalid invitation link - no token provided',
  loadFailed: 'Failed to load invitation details',
  notFound: INVITATION_ERRORS.notFound,
  /** After the server's 410 (INVITATION_ERRORS.alreadyAccepted, .cancelled or .expired): what to do next. */
  gone: 'This link can no longer be used. If you still need to join the team, ask the person who invited you to send a new invitation.',
} as const;

function Problem({ message, hint }: { message: string; hint?: string }) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} size="h2">
        Team Invitation
      </Title>
      <Alert mt="md" color="red" variant="outline" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
        <Text c="var(--mantine-color-text)">{message}</Text>
        {hint && (
          <Text mt="xs" size="sm" c="var(--mantine-color-text)">
            {hint}
          </Text>
        )}
      </Alert>
    </Paper>
  );
}

/** What a failed lookup says: 404 the spec's 'not found', 410 the server's reason (accepted, cancelled, expired) and what to do. */
function LookupProblem({ error }: { error: unknown }) {
  const code = error instanceof ApiError ? error.code : null;
  if (code === ErrorCode.GONE) {
    const known: string[] = [INVITATION_ERRORS.alreadyAccepted, INVITATION_ERRORS.cancelled, INVITATION_ERRORS.expired];
    const message = known.includes((error as ApiError).message) ? (error as ApiError).message : 'This invitation is no longer valid';
    return <Problem message={message} hint={ACCEPT_INVITATION_MESSAGES.gone} />;
  }
  return <Problem message={code === ErrorCode.NOT_FOUND ? ACCEPT_INVITATION_MESSAGES.notFound : ACCEPT_INVITATION_MESSAGES.loadFailed} />;
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
  else if (lookup.state === 'failed') content = <LookupProblem error={lookup.error} />;
  else if (!user) {
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
            onClick={() => void navigate('/login', { state: { from: `/accept-invitation?token=${encodeURIComponent(token)}` } })}
          >
            Sign In
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <InvitationDetailsCard invitation={lookup.invitation} signedInEmail={user.email} emailVerified={hasVerifiedEmail(user)} />
    );
  }

  return (
    <Container size={620} py={{ base: 32, sm: 64 }} px="md">
      {content}
    </Container>
  );
}
