/**
 * Reject a member's work order (issue 19): the reason is required (bounded as the API's
 * RejectWorkOrderBody), shown on the order's card and sent to its creator by email.
 */
import { MAX_REJECTION_REASON_LENGTH, RejectWorkOrderBody, REJECTION_MESSAGES, type WorkOrderSummary } from '@catalog/contracts/work-orders';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { NeedsConnection } from '../../../components/needs-connection';

export interface RejectDialogProps {
  order: WorkOrderSummary | null;
  running: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}

export function RejectDialog({ order, running, onReject, onClose }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (running) return;
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    const parsed = RejectWorkOrderBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? REJECTION_MESSAGES.reason);
      return;
    }
    setError(null);
    onReject(parsed.data.reason);
    setReason('');
  };
  return (
    <Dialog opened={order !== null} onClose={close} title="Reject work order" busy={running}>
      <Stack gap="md">
        <Text>
          {order ? `“${order.title}”` : ''}
          {order?.createdByName ? ` by ${order.createdByName}` : ''} will not run. Rejecting is final.
        </Text>
        <Textarea
          label="Reason"
          description="Shown on the order and emailed to the member who made it."
          required
          autosize
          minRows={3}
          maxLength={MAX_REJECTION_REASON_LENGTH}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={running}>
            Cancel
          </Button>
          <NeedsConnection>
            <Button color="red.8" onClick={submit} loading={running}>
              Reject
            </Button>
          </NeedsConnection>
        </Group>
      </Stack>
    </Dialog>
  );
}
