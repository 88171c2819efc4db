/**
 * /work-orders/create: details, product picker and price changes; Create Work Order checks the
 * form (spec section 5, first problem as a toast, the field focused), opens the preview, and
 * only its confirmation submits. A failed submission keeps the form and its id, so trying again
 * never creates the order twice; success goes to /work-orders.
 */
import { Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { previewPriceChanges } from '@catalog/contracts/bulk-adjustment-preview';
import { getErrorMessage } from '@catalog/contracts/errors';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LocalProduct } from '../../../local/catalog-query';
import { usePageTitle } from '../../../lib/use-page-title';
import { CREATE_FAILED_MESSAGE, CREATED_MESSAGE, QUEUED_MESSAGE, QUEUED_TITLE, createWorkOrder, type CreateOutcome } from '../api/create-work-order';
import { useWorkOrderForm } from '../hooks/use-work-order-form';
import { buildWorkOrder, type FormErrors } from '../utils/build-work-order';
import { selectedProducts } from '../utils/work-order-form';
import { PreviewModal } from './preview-modal';
import { PriceChangesPanel } from './price-changes-panel';
import { ProductPicker } from './product-picker';
import { DATE_INPUT_ID, TITLE_INPUT_ID, WorkOrderDetailsCard } from './work-order-details-card';

export interface CreateWorkOrderScreenProps {
  /** After the order was created (the route refreshes what depends on it). */
  onCreated?: () => void;
}

function focusById(id: string) {
  document.getElementById(id)?.focus();
}

export function CreateWorkOrderScreen({ onCreated }: CreateWorkOrderScreenProps) {
  usePageTitle('Create Work Order');
  const navigate = useNavigate();
  const [state, dispatch] = useWorkOrderForm();
  const [showErrors, setShowErrors] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const built = useMemo(() => buildWorkOrder(state), [state]);
  const products = useMemo(() => selectedProducts(state), [state]);
  const variantCount = useMemo(() => products.reduce((n, p) => n + p.variants.length, 0), [products]);
  const preview = useMemo(
    () => (previewOpen ? previewPriceChanges(built.lines, built.regularAfter) : null),
    [previewOpen, built],
  );
  const errors: FormErrors | null = showErrors ? built.errors : null;

  const isSelected = useCallback((id: number) => state.products[id] !== undefined, [state.products]);
  const onToggle = useCallback((product: LocalProduct) => dispatch({ type: 'toggle', product }), [dispatch]);
  const onSelect = useCallback((list: readonly LocalProduct[]) => dispatch({ type: 'select', products: list }), [dispatch]);

  const back = () => {
    // Back where the merchant came from when that is this app, else to the list.
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate('/work-orders');
  };

  const review = () => {
    setShowErrors(true);
    // Checked against the time of the click, not of the last edit.
    const now = buildWorkOrder(state);
    if (now.firstError) {
      notifications.show({ color: 'red', title: 'Validation Error', message: now.firstError });
      if (now.errors.title) focusById(TITLE_INPUT_ID);
      else if (now.errors.schedule && !now.errors.selection) focusById(DATE_INPUT_ID);
      return;
    }
    setSubmitError(null);
    setPreviewOpen(true);
  };

  const submit = async () => {
    const now = buildWorkOrder(state);
    if (!now.body || submitting) return;
    setSubmitting(true);
    setSubmitError(null);
    let outcome: CreateOutcome;
    try {
      outcome = await createWorkOrder({ ...now.body, id: state.id });
    } catch (err) {
      // Not even queued: the device could not store it (e.g. its storage is full).
      outcome = { state: 'failed', error: err };
    }
    if (outcome.state === 'failed') {
      const message = getErrorMessage(outcome.error, CREATE_FAILED_MESSAGE);
      setSubmitError(message);
      notifications.show({ color: 'red', title: 'Error', message });
      setSubmitting(false);
      return;
    }
    if (outcome.state === 'sent') {
      notifications.show({ color: 'green', title: 'Work order created', message: CREATED_MESSAGE });
      onCreated?.();
    } else {
      notifications.show({ color: 'blue', title: QUEUED_TITLE, message: QUEUED_MESSAGE });
    }
    navigate('/work-orders');
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
          </div>
          <Group gap="sm">
            <Button variant="default" onClick={() => navigate('/work-orders')}>
              Cancel
            </Button>
            <Button leftSection={<IconEye size={16} aria-hidden="true" />} onClick={review}>
              Create Work Order
            </Button>
          </Group>
        </Group>
      </div>

      <WorkOrderDetailsCard state={state} dispatch={dispatch} errors={errors} variantCount={variantCount} />

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ProductPicker isSelected={isSelected} onToggle={onToggle} onSelect={onSelect} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PriceChangesPanel products={products} drafts={state.drafts} errors={errors} dispatch={dispatch} />
        </Grid.Col>
      </Grid>

      <PreviewModal
        opened={previewOpen}
        preview={preview}
        scheduledAt={built.scheduledAt}
        productCount={new Set(built.body?.productUpdates.map((item) => item.productId)).size}
        submitting={submitting}
        error={submitError}
        onConfirm={() => void submit()}
        onClose={() => setPreviewOpen(false)}
      />
    </Stack>
  );
}
