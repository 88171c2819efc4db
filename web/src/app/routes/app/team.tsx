/** /team: members, invitations and roles of the user's company (features/team). */
import { TeamPage } from '../../../features/team/components/team-page';

export function TeamRoute() {
  return <TeamPage />;
}
