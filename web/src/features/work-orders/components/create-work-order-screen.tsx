/**
 * /work-orders/create: details, product picker and price changes; Create Work Order checks the
 * form (spec section 5, first problem as a toast, the field focused), opens the preview, and
 * only its confirmation submits. A failed submission keeps the form and its id, so trying again
 * never creates the order twice; success (or an order queued until the device is online) goes
 * to /work-orders.
 *
 * "Import prices from CSV" fills the form from a file (components/csv-import-modal.tsx): its
 * products selected, its prices drafted, the order titled from the file name, all editable; a
 * file of a price list's prices switches the form to that list.
 *
 * "Prices:" (issue 35) chooses what the order changes: the catalog, or one price list in one
 * currency. The picker, the price inputs, the preview and the guardrails then read the list's
 * prices (the device's copy); switching with prices drafted asks first, and clears them.
 *
 * The form is a draft saved on the device as the merchant works (hooks/use-work-order-draft):
 * /work-orders/create?draft=<id> opens one, and a new form's URL names its draft once saved.
 */
import { Button, Center, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { orderGuardrails, previewPriceChanges, type PreviewLine } from '@catalog/contracts/bulk-adjustment-preview';
import { getErrorMessage } from '@catalog/contracts/errors';
import type { PriceListTarget } from '@catalog/contracts/work-orders';
import { IconArrowLeft, IconEye, IconFileImport } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { LocalProduct } from '../../../local/catalog-query';
import { PreviewModal } from '../../../components/price-preview-modal';
import { useOutbox } from '../../../local/outbox-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { AWAITING_APPROVAL_MESSAGE, CREATE_FAILED_MESSAGE, CREATED_MESSAGE, QUEUED_MESSAGE, QUEUED_TITLE, createWorkOrder, queuedByServerMessage, type CreateOutcome } from '../api/create-work-order';
import { useWorkOrderDraft } from '../hooks/use-work-order-draft';
import { useWorkOrderForm } from '../hooks/use-work-order-form';
import { useGuardrailSettings } from '../hooks/use-guardrail-settings';
import { useOverlaps } from '../hooks/use-overlaps';
import { priorPriceNotes, useOrderPriorLows } from '../hooks/use-prior-lows';
import { useFormPrices } from '../hooks/use-form-price-lists';
import { buildWorkOrder, type FormErrors } from '../utils/build-work-order';
import { importedItems, type ImportPreview } from '../utils/csv-import';
import { DRAFT_PARAM } from '../utils/draft-state';
import { baseVariantOf, hasOwnListPrices, sameTarget } from '../utils/list-prices';
import { explainDraft, selectedProducts, skippedNotes } from '../utils/work-order-form';
import { CsvImportModal } from './csv-import-modal';
import { PriceChangesPanel } from './price-changes-panel';
import { PriceTargetSelect } from './price-target-select';
import { ProductPicker } from './product-picker';
import { TargetChangeDialog } from './target-change-dialog';
import { DATE_INPUT_ID, REVERT_DATE_INPUT_ID, TITLE_INPUT_ID, WorkOrderDetailsCard } from './work-order-details-card';

/** Shown once the form has been saved on the device. */
export const DRAFT_SAVED_TEXT = 'Draft saved on this device';

export interface CreateWorkOrderScreenProps {
  /** After the order was created (the route refreshes what depends on it). */
  onCreated?: () => void;
}

const focusById = (id: string) => document.getElementById(id)?.focus();

export function CreateWorkOrderScreen({ onCreated }: CreateWorkOrderScreenProps) {
  usePageTitle('Create Work Order');
  const navigate = useNavigate();
  const outbox = useOutbox();
  const [searchParams, setSearchParams] = useSearchParams();
  const draftParam = searchParams.get(DRAFT_PARAM) || null;
  const [initialId] = useState(() => draftParam ?? crypto.randomUUID());
  const form = useWorkOrderForm(initialId);
  const { state, dispatch } = form;
  const draft = useWorkOrderDraft(form, draftParam, {
    // Replaced, not pushed, and without scrolling: the merchant stays where they are.
    // The picker's filters stay in the URL beside the draft's id.
    onFirstSave: (id) => setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set(DRAFT_PARAM, id);
      return next;
    }, { replace: true, preventScrollReset: true }),
    onNewForm: () => setSearchParams({}, { replace: true, preventScrollReset: true }),
  });
  const [showErrors, setShowErrors] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  // The price list's records (issue 35); while they are read its prices show as unknown.
  const target = state.target ?? null;
  const { lists: priceLists, list, nameOf } = useFormPrices(target);
  const [pendingTarget, setPendingTarget] = useState<{ target: PriceListTarget | null } | null>(null);

  // Guardrails (issue 19) with the company's settings (or the defaults); in the EU mode, the lows at the order's moment (issue 36).
  const guardrailSettings = useGuardrailSettings(previewOpen);
  const prior = useOrderPriorLows(previewOpen, state, guardrailSettings);
  const built = useMemo(() => buildWorkOrder(state, undefined, list, prior.lows), [state, list, prior.lows]);
  const products = useMemo(() => selectedProducts(state), [state]);
  const variantCount = useMemo(() => products.reduce((n, p) => n + p.variants.length, 0), [products]);
  // Other orders touching the same items (issue 18), asked of the server (issue 31); offline the preview says they were not checked.
  const overlaps = useOverlaps(previewOpen, built.body?.productUpdates, target);
  const preview = useMemo(() => (previewOpen ? previewPriceChanges(built.lines, built.regularAfter) : null), [previewOpen, built]);
  const guardrails = useMemo(
    () => (previewOpen ? orderGuardrails(built.guardrailItems, guardrailSettings) : null),
    [previewOpen, built, guardrailSettings],
  );
  const explain = useCallback((line: PreviewLine) => {
    const target = built.targetOf(line.target);
    return target ? explainDraft(state, target.product, target.variant, line.field, list, prior.lows) : null;
  }, [built, state, list, prior.lows]);
  // What the form's adjustments from cost, MSRP or the 30-day low left alone, and the EU prior price's checks.
  const notes = useMemo(() => (previewOpen ? [...skippedNotes(state.adjustments, products, list, prior.lows), ...priorPriceNotes(prior, guardrails)] : []),
    [previewOpen, state.adjustments, products, list, prior, guardrails]);
  const errors: FormErrors | null = showErrors ? built.errors : null;

  const isSelected = useCallback((id: number) => state.products[id] !== undefined, [state.products]);
  const onToggle = useCallback((product: LocalProduct) => dispatch({ type: 'toggle', product }), [dispatch]);
  // Through a price list, a product without options whose base variant is unknown cannot be chosen.
  const choosable = useCallback(
    (chosen: readonly LocalProduct[]) => (target ? chosen.filter((p) => !hasOwnListPrices(p) || baseVariantOf(p) !== null) : chosen),
    [target],
  );
  const onSelect = useCallback((chosen: readonly LocalProduct[]) => dispatch({ type: 'select', products: choosable(chosen) }), [dispatch, choosable]);

  /** "Prices:": another choice with prices drafted asks first (they were of the other prices). */
  const changeTarget = (next: PriceListTarget | null) => {
    if (sameTarget(next, target)) return;
    if (Object.keys(state.drafts).length > 0) setPendingTarget({ target: next });
    else dispatch({ type: 'target', target: next });
  };

  const applyImport = (imported: ImportPreview) => {
    // A file of a price list's prices names its list (absent: the form's prices stay as they are).
    const items: ReturnType<typeof importedItems> & { target?: PriceListTarget | null } = importedItems(imported);
    const switched = items.target !== undefined && !sameTarget(items.target, target);
    dispatch({ type: 'import', title: imported.title, products: items.products, drafts: items.drafts, ...(items.target !== undefined ? { target: items.target } : {}) });
    const n = imported.matched.length;
    notifications.show({
      color: 'green',
      title: 'Prices imported',
      message: `${n.toLocaleString('en-US')} price ${n === 1 ? 'change' : 'changes'} added to this work order${switched ? ` for ${nameOf(items.target)} prices` : ''}. Review them before you create it.`,
    });
  };

  const back = () => {
    // Back where the merchant came from when that is this app, else to the list.
    if ((window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
    else void navigate('/work-orders');
  };

  const review = () => {
    setShowErrors(true);
    // Checked against the time of the click, not of the last edit.
    const now = buildWorkOrder(state, undefined, list);
    if (now.firstError) {
      notifications.show({ color: 'red', title: 'Validation Error', message: now.firstError });
      if (now.errors.title) focusById(TITLE_INPUT_ID);
      else if (now.errors.schedule && !now.errors.selection) focusById(DATE_INPUT_ID);
      else if (now.errors.revert && !now.errors.selection) focusById(REVERT_DATE_INPUT_ID);
      return;
    }
    setSubmitError(null);
    setPreviewOpen(true);
  };

  const submit = async () => {
    const now = buildWorkOrder(state, undefined, list, prior.lows);
    if (!now.body || submitting) return;
    // The confirm is disabled while a blocking guardrail is broken; the server refuses it too.
    if (orderGuardrails(now.guardrailItems, guardrailSettings).blocking.length > 0) return;
    setSubmitting(true);
    setSubmitError(null);
    // The outbox takes the draft out with the order: no autosave may bring it back.
    draft.suspend();
    let outcome: CreateOutcome;
    try {
      // With its draft, so an order the server refuses later can be edited again.
      outcome = await createWorkOrder(outbox, { ...now.body, id: state.id }, draft.draftRow());
    } catch (err) {
      // Not even queued: the device could not store it (e.g. its storage is full).
      outcome = { state: 'failed', error: err };
    }
    if (outcome.state === 'failed') {
      draft.resume();
      const message = getErrorMessage(outcome.error, CREATE_FAILED_MESSAGE);
      setSubmitError(message);
      notifications.show({ color: 'red', title: 'Error', message });
      setSubmitting(false);
      return;
    }
    if (outcome.state === 'sent') {
      // A member's order while the company requires approval waits (issue 19): say so.
      const waits = outcome.order?.status === 'awaiting_approval';
      notifications.show({ color: 'green', title: 'Work order created', message: waits ? AWAITING_APPROVAL_MESSAGE : CREATED_MESSAGE });
      onCreated?.();
    } else {
      const message = outcome.reason ? queuedByServerMessage(outcome.reason) : QUEUED_MESSAGE;
      notifications.show({ color: 'blue', title: QUEUED_TITLE, message });
    }
    void navigate('/work-orders');
  };

  return (
    <Stack gap="lg" maw={1400}>
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          onClick={back}
          mb="xs"
        >
          Back
        </Button>
        <Group justify="space-between" align="flex-start" gap="md">
          <div>
            <Title order={1}>Create Work Order</Title>
            <Text c="dimmed" mt={4}>
              Pick products, set their new prices, and run the change now or at a time you choose.
            </Text>
            <Text size="sm" c="dimmed" mt={4} role="status">
              {draft.savedAt !== null ? DRAFT_SAVED_TEXT : ''}
            </Text>
          </div>
          <Group gap="sm">
            <Button variant="default" onClick={() => void navigate('/work-orders')}>
              Cancel
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden="true" />}
              onClick={() => setImportOpen(true)}
              disabled={draft.phase === 'opening'}
            >
              Import prices from CSV
            </Button>
            <Button leftSection={<IconEye size={16} aria-hidden="true" />} onClick={review} disabled={draft.phase === 'opening'}>
              Create Work Order
            </Button>
          </Group>
        </Group>
      </div>

      {draft.phase === 'opening' ? (
        <Center mih="30vh" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text ml="sm">Opening draft...</Text>
        </Center>
      ) : (
        <>
          <WorkOrderDetailsCard
            state={state}
            dispatch={dispatch}
            errors={errors}
            variantCount={variantCount}
            pricesSelect={<PriceTargetSelect value={target} lists={priceLists} onChange={changeTarget} />}
          />

          {/* Side by side from 992 px (a tablet in landscape, next to the sidebar's icon rail); stacked below. */}
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ProductPicker isSelected={isSelected} onToggle={onToggle} onSelect={onSelect} list={list} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <PriceChangesPanel products={products} drafts={state.drafts} errors={errors} dispatch={dispatch} list={list} startsAt={built.scheduledAt} />
            </Grid.Col>
          </Grid>
        </>
      )}

      <TargetChangeDialog
        to={pendingTarget ? nameOf(pendingTarget.target) : null}
        from={nameOf(target)}
        onKeep={() => setPendingTarget(null)}
        onChange={() => {
          if (pendingTarget) dispatch({ type: 'target', target: pendingTarget.target });
          setPendingTarget(null);
        }}
      />

      <CsvImportModal opened={importOpen} onClose={() => setImportOpen(false)} onApply={applyImport} />

      <PreviewModal
        opened={previewOpen}
        title={target ? `Preview Work Order: ${nameOf(target)} prices` : undefined}
        preview={preview}
        scheduledAt={built.scheduledAt}
        revertAt={built.revertAt}
        overlaps={overlaps}
        productCount={new Set(built.body?.productUpdates.map((item) => item.productId)).size}
        submitting={submitting}
        error={submitError}
        onConfirm={() => void submit()}
        onClose={() => setPreviewOpen(false)}
        guardrails={guardrails}
        guardrailSettings={guardrailSettings}
        explain={explain}
        notes={notes}
      />
    </Stack>
  );
}
