/** /team: members, invitations and roles. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function TeamRoute() {
  return (
    <ComingSoonPage
      title="Team"
      description="Invite teammates, manage roles and rename your company."
    />
  );
}
