/** /accept-invitation?token=...: a team invitation. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../components/coming-soon-page';

export function AcceptInvitationRoute() {
  return (
    <ComingSoonPage
      title="Accept your invitation"
      description="Join your team on Catalog Pilot."
      documentTitle="Accept invitation"
    />
  );
}
