/** /settings: store connection, account and data management. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function SettingsRoute() {
  return (
    <ComingSoonPage
      title="Settings"
      description="Connect your BigCommerce store and choose how products are shown."
    />
  );
}
