/** /category-demo: the category selector comparison, over the local catalog's categories. */
import { CategoryDemo } from '../../../features/category-picker/components/category-demo';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCatalogCategories } from '../../../local/catalog-query';

export function CategoryDemoRoute() {
  usePageTitle('Compare Category Selectors');
  const categories = useCatalogCategories();
  return <CategoryDemo categories={categories} />;
}
