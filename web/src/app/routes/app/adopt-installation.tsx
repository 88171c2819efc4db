/** /adopt-installation#code=...: the owner adopts a store's installation from BigCommerce (features/settings, issue 34). */
import { AdoptInstallationPage } from '../../../features/settings/components/adopt-installation-page';

export function AdoptInstallationRoute() {
  return <AdoptInstallationPage />;
}
