/**
 * The two controls of an unverified address: "Resend email" (Firebase's verification email again)
 * and, unless left out, "I've verified it" (reads the account again and refreshes the ID token).
 * Offline they read as disabled and say why (NeedsConnection). Shared by the signed-in shell's
 * banner (features/auth) and the invitation screens (features/invitations, features/team).
 */
import { Button, Group } from '@mantine/core';
import type { EmailVerificationActions } from '../lib/email-verification';
import { useAuth } from '../lib/session';
import { useEmailVerification, VERIFICATION_MESSAGES } from '../lib/use-email-verification';
import { NeedsConnection } from './needs-connection';

export interface VerifyEmailActionsProps {
  /** Firebase unless a test passes a stand-in. */
  actions?: EmailVerificationActions;
  /** Offer "I've verified it" too (default true). */
  withCheck?: boolean;
}

export function VerifyEmailActions({ actions, withCheck = true }: VerifyEmailActionsProps) {
  const { user } = useAuth();
  const { resend, check, resending, checking } = useEmailVerification(user?.email ?? null, actions);
  return (
    <Group gap="sm" wrap="wrap">
      <NeedsConnection message={VERIFICATION_MESSAGES.offline}>
        <Button size="sm" variant="default" onClick={() => void resend()} loading={resending}>
          Resend email
        </Button>
      </NeedsConnection>
      {withCheck && (
        <NeedsConnection message={VERIFICATION_MESSAGES.offline}>
          <Button size="sm" onClick={() => void check()} loading={checking}>
            I&apos;ve verified it
          </Button>
        </NeedsConnection>
      )}
    </Group>
  );
}
