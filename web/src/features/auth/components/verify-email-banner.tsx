/**
 * The banner of the signed-in shell while the signed-in address is not verified (an account made
 * with email and password whose verification link was not opened yet; Google accounts never see
 * it, nor do a store's users from BigCommerce): what to do, "Resend email" and "I've verified it". It
 * goes as soon as the session's user is verified (the refreshed token says so).
 */
import { Alert, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useAuth } from '../../../lib/session';
import { VerifyEmailActions } from '../../../components/verify-email-actions';
import { hasVerifiedEmail, type EmailVerificationActions } from '../../../lib/email-verification';

export const VERIFY_EMAIL_TITLE = 'Verify your email address';

export function VerifyEmailBanner({ actions }: { actions?: EmailVerificationActions }) {
  const { user } = useAuth();
  if (!user || hasVerifiedEmail(user)) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={VERIFY_EMAIL_TITLE}
      icon={<IconMailExclamation aria-hidden="true" />}
      role="region"
      // Yellow text on the light yellow background would be too faint to read.
      styles={{ title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } }}
      mb="md"
    >
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          We sent a link to {user.email ? <strong>{user.email}</strong> : 'your email address'}. Open it to verify your
          address: until then you cannot see or accept invitations to join a team.
        </Text>
        <VerifyEmailActions actions={actions} />
      </Stack>
    </Alert>
  );
}
