/** /products: browse, search and edit the synced catalog. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function ProductsRoute() {
  return <ComingSoonPage title="Products" description="Manage your store products and inventory" />;
}
