/** Sets the browser tab title for a page, so each route is announced and bookmarked by name. */
import { useDocumentTitle } from '@mantine/hooks';

export const PRODUCT_NAME = 'Catalog Pilot';

/** `usePageTitle('Pricing')` gives "Pricing · Catalog Pilot"; no argument gives the product name. */
export function usePageTitle(title?: string): void {
  useDocumentTitle(title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME);
}
