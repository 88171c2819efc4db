/**
 * The create form's draft (local/drafts.ts): opening the draft the URL names
 * (/work-orders/create?draft=<id>), and saving the form as the merchant works, so nothing typed
 * is lost to a reload, a closed tab or a browser restart.
 *
 * - Opening: the stored state is checked (utils/draft-state.ts); a draft that is gone (submitted
 *   or deleted meanwhile) or unreadable (then removed) starts a new form with a new id, and a
 *   toast says why. A new id matters: the old one may already be an order's idempotency key.
 * - Saving: 300 ms after the last edit, and at once when the page is hidden or closed, before
 *   the app reloads itself for an update (lib/before-reload) and when the screen is left. A
 *   blank form is not saved until something is entered. The first save puts the draft's id in
 *   the URL (`onFirstSave`), so a reload opens the same draft.
 * - Submitting: `suspend()` stops saving (the outbox moves the draft out with its entry, and a
 *   late save must not bring it back); `resume()` after a refused submission.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onBeforeReload } from '../../../lib/before-reload';
import type { DraftRow } from '../../../local/catalog-db';
import { useCatalogStatus } from '../../../local/catalog-query';
import { deleteDraft, draftsAvailable, getDraft, saveDraft } from '../../../local/drafts';
import { isQuotaExceededError, STORAGE_FULL_MESSAGE, STORAGE_FULL_TITLE } from '../../../local/storage-errors';
import { draftSummary, isBlankForm, parseDraftState, toStoredDraft } from '../utils/draft-state';
import { initialFormState } from '../utils/work-order-form';
import type { WorkOrderForm } from './use-work-order-form';

/** How long after the last edit the draft is written. */
export const AUTOSAVE_DELAY_MS = 300;

export const DRAFT_MISSING_MESSAGE =
  'This draft is no longer on this device: it was submitted or deleted. A new work order was started.';
export const DRAFT_CORRUPT_MESSAGE = 'This draft could not be read, so it was removed. A new work order was started.';
export const DRAFT_SAVE_FAILED_MESSAGE = 'Your changes could not be saved on this device.';

export interface WorkOrderDraft {
  /** 'opening' while the draft the URL names is read. */
  phase: 'opening' | 'ready';
  /** When the draft was last written in this screen (null: not yet). */
  savedAt: number | null;
  /** The draft row of the form as it is now, to submit with the order. */
  draftRow: () => DraftRow;
  suspend: () => void;
  resume: () => void;
}

export interface DraftOptions {
  /** The draft was written for the first time (the URL should name it from now on). */
  onFirstSave: (id: string) => void;
  /** A new form replaced a draft that could not be opened (the URL should not name it). */
  onNewForm: () => void;
}

export function useWorkOrderDraft(form: WorkOrderForm, draftId: string | null, options: DraftOptions): WorkOrderDraft {
  const { uid } = useCatalogStatus();
  // Both stable: the effects below run on their own deps, not on every render.
  const { edits, replace } = form;
  const [phase, setPhase] = useState<WorkOrderDraft['phase']>(draftId ? 'opening' : 'ready');
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const stateRef = useRef(form.state);
  stateRef.current = form.state;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  /** The stored row of this form, once it exists (opened, or saved here). */
  const rowRef = useRef<DraftRow | null>(null);
  /** The form's edit count at the last save. */
  const savedEditsRef = useRef(0);
  const suspendedRef = useRef(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const failureShownRef = useRef(false);
  /** The `draft` parameter last handled (undefined: none yet). */
  const handledRef = useRef<string | null | undefined>(undefined);

  const saveNow = useCallback(async (): Promise<void> => {
    clearTimeout(timerRef.current);
    const state = stateRef.current;
    const editCount = edits();
    if (suspendedRef.current || phaseRef.current !== 'ready' || editCount === savedEditsRef.current) return;
    if (!rowRef.current && isBlankForm(state)) return;
    if (!draftsAvailable()) return; // the database opens in a moment: the next change saves
    try {
      const row = await saveDraft({ id: state.id, ...draftSummary(state), state: toStoredDraft(state) });
      if (stateRef.current.id !== state.id) return; // another form meanwhile
      if (!row) {
        suspendedRef.current = true; // submitted (in another tab): nothing more to save
        return;
      }
      savedEditsRef.current = Math.max(savedEditsRef.current, editCount);
      const first = rowRef.current === null;
      rowRef.current = row;
      failureShownRef.current = false;
      setSavedAt(row.updatedAt);
      if (first) optionsRef.current.onFirstSave(row.id);
    } catch (err) {
      console.error('Saving the draft failed', err);
      // Once per streak of failures, not at every keystroke.
      if (failureShownRef.current) return;
      failureShownRef.current = true;
      notifications.show({
        color: 'red',
        title: isQuotaExceededError(err) ? STORAGE_FULL_TITLE : 'Draft not saved',
        message: isQuotaExceededError(err) ? STORAGE_FULL_MESSAGE : getErrorMessage(err, DRAFT_SAVE_FAILED_MESSAGE),
      });
    }
  }, [edits]);

  // Every edit: save once the merchant pauses (and once the database is open).
  useEffect(() => {
    if (phase !== 'ready' || suspendedRef.current || edits() === savedEditsRef.current) return;
    clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
  }, [form.state, phase, uid, edits, saveNow]);

  // Leaving: the page hidden or closed, an update's reload, the screen unmounted.
  useEffect(() => {
    const flush = () => void saveNow();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    const unregister = onBeforeReload(saveNow);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      unregister();
      flush();
    };
  }, [saveNow]);

  const startNew = useCallback(() => {
    rowRef.current = null;
    savedEditsRef.current = 0;
    suspendedRef.current = false;
    setSavedAt(null);
    replace(initialFormState(crypto.randomUUID()));
  }, [replace]);

  // Opening the draft the URL names.
  useEffect(() => {
    const handled = handledRef.current;
    if (draftId === handled) return;
    if (draftId === null) {
      handledRef.current = null;
      if (handled !== undefined) {
        void saveNow();
        startNew(); // navigated from a draft to a new form
      }
      setPhase('ready');
      return;
    }
    if (draftId === stateRef.current.id && rowRef.current) {
      handledRef.current = draftId; // the URL now names the draft this form just saved
      return;
    }
    if (!uid) return; // the user's database is not open yet
    handledRef.current = draftId;
    void saveNow(); // the form being left, if any
    setPhase('opening');
    let cancelled = false;
    let finished = false;
    const giveUp = (message: string) => {
      startNew();
      handledRef.current = null;
      setPhase('ready');
      notifications.show({ color: 'yellow', title: 'Draft not opened', message });
      optionsRef.current.onNewForm();
    };
    void (async () => {
      let row: DraftRow | undefined;
      try {
        row = await getDraft(draftId);
      } catch (err) {
        console.error('Reading the draft failed', err);
      }
      if (cancelled) return;
      finished = true;
      const restored = row ? parseDraftState(row.state, row.id) : null;
      if (!row) return giveUp(DRAFT_MISSING_MESSAGE);
      if (!restored) {
        await deleteDraft(row.id).catch((err: unknown) => console.error('Removing an unreadable draft failed', err));
        return giveUp(DRAFT_CORRUPT_MESSAGE);
      }
      rowRef.current = row;
      savedEditsRef.current = 0;
      suspendedRef.current = false;
      setSavedAt(row.updatedAt);
      replace(restored);
      setPhase('ready');
    })();
    return () => {
      if (finished) return;
      cancelled = true;
      handledRef.current = handled; // not opened: the next run tries again
    };
  }, [draftId, uid, replace, saveNow, startNew]);

  const draftRow = useCallback((): DraftRow => {
    const state = stateRef.current;
    const now = Date.now();
    return {
      id: state.id,
      ...draftSummary(state),
      state: toStoredDraft(state),
      createdAt: rowRef.current?.createdAt ?? now,
      updatedAt: now,
    };
  }, []);

  const suspend = useCallback(() => {
    clearTimeout(timerRef.current);
    suspendedRef.current = true;
  }, []);

  const resume = useCallback(() => {
    suspendedRef.current = false;
  }, []);

  return { phase, savedAt, draftRow, suspend, resume };
}
