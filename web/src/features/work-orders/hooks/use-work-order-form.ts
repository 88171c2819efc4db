/**
 * The create form's state in one reducer (utils/work-order-form.ts), with a fresh idempotency key
 * per form, and the selected products kept in step with the local catalog: when a pull changes
 * the catalog, their current prices are read again, so the preview compares with what the store
 * has now.
 */
import { useEffect, useReducer, useRef } from 'react';
import { getLocalProducts, useCatalogStatus } from '../../../local/catalog-query';
import { initialFormState, workOrderFormReducer } from '../utils/work-order-form';

export function useWorkOrderForm() {
  const [state, dispatch] = useReducer(workOrderFormReducer, undefined, () => initialFormState(crypto.randomUUID()));
  const { version } = useCatalogStatus();
  const selectedRef = useRef(state.selectedIds);
  selectedRef.current = state.selectedIds;

  useEffect(() => {
    const ids = selectedRef.current;
    if (ids.length === 0) return;
    let current = true;
    void getLocalProducts(ids).then((products) => {
      if (current) dispatch({ type: 'refresh', products });
    });
    return () => {
      current = false;
    };
  }, [version]);

  return [state, dispatch] as const;
}
