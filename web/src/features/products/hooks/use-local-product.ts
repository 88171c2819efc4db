/**
 * One product of the local catalog with its variants, following the catalog as pulls change
 * it: undefined while read, null when the catalog has no such product (deleted since).
 */
import { useEffect, useState } from 'react';
import { getLocalProducts, useCatalogRevision, type LocalProduct } from '../../../local/catalog-query';

export function useLocalProduct(productId: number | null): LocalProduct | null | undefined {
  const version = useCatalogRevision();
  const [state, setState] = useState<{ id: number | null; product: LocalProduct | null | undefined }>({ id: null, product: undefined });

  useEffect(() => {
    if (productId === null) return;
    let current = true;
    void getLocalProducts([productId]).then(([product]) => {
      if (current) setState({ id: productId, product: product ?? null });
    });
    return () => {
      current = false;
    };
  }, [productId, version]);

  return state.id === productId ? state.product : undefined;
}
