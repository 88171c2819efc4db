/** /category-demo: the category selector comparison. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CategoryDemoRoute() {
  return (
    <ComingSoonPage
      title="Compare Category Selectors"
      description="Four ways to pick a category side by side: breadcrumb, searchable list, dropdowns and tree."
    />
  );
}
