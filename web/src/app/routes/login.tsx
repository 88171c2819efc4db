/** /login: sign in, create an account or reset a password. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../components/coming-soon-page';

export function LoginRoute() {
  return (
    <ComingSoonPage
      title="Sign in to Catalog Pilot"
      description="Sign in or create an account with your email address."
      documentTitle="Sign in"
    />
  );
}
