/**
 * The create form's state in one reducer (utils/work-order-form.ts), with the selected products
 * kept in step with the local catalog: when a pull changes the catalog, or a draft is restored
 * with its snapshots, their current prices are read again, so the preview compares with what
 * the store has now.
 *
 * It also counts the merchant's edits (`edits`): every action but the catalog's refresh and a
 * restore is one, so the autosave knows whether there is anything of theirs to save.
 */
import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { getLocalProducts, useCatalogStatus } from '../../../local/catalog-query';
import { initialFormState, workOrderFormReducer, type WorkOrderFormAction, type WorkOrderFormState } from '../utils/work-order-form';

export interface WorkOrderForm {
  state: WorkOrderFormState;
  /** The merchant's changes. */
  dispatch: Dispatch<WorkOrderFormAction>;
  /** Replaces the whole form (a restored draft, or a new form): not an edit. */
  replace: (state: WorkOrderFormState) => void;
  /** How many edits the merchant has made to this form so far (reset by `replace`). */
  edits: () => number;
}

/** `id`: the new form's id (a draft's id when one is being opened). */
export function useWorkOrderForm(id: string): WorkOrderForm {
  const [state, rawDispatch] = useReducer(workOrderFormReducer, id, initialFormState);
  const [generation, setGeneration] = useState(0);
  const editsRef = useRef(0);
  const { version } = useCatalogStatus();
  const selectedRef = useRef(state.selectedIds);
  selectedRef.current = state.selectedIds;

  useEffect(() => {
    const ids = selectedRef.current;
    if (ids.length === 0) return;
    let current = true;
    void getLocalProducts(ids).then((products) => {
      if (current) rawDispatch({ type: 'refresh', products });
    });
    return () => {
      current = false;
    };
  }, [version, generation]);

  const dispatch = useCallback((action: WorkOrderFormAction) => {
    editsRef.current += 1;
    rawDispatch(action);
  }, []);

  const replace = useCallback((next: WorkOrderFormState) => {
    editsRef.current = 0;
    rawDispatch({ type: 'restore', state: next });
    setGeneration((g) => g + 1);
  }, []);

  const edits = useCallback(() => editsRef.current, []);

  return { state, dispatch, replace, edits };
}
