/** /accept-invitation?token=...: a team invitation's link, public (features/invitations). */
import { AcceptInvitationPage } from '../../features/invitations/components/accept-invitation-page';

export function AcceptInvitationRoute() {
  return <AcceptInvitationPage />;
}
