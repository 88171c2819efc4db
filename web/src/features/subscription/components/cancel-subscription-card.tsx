/**
 * The cancel-subscription card (paid plans only): the plan stays until the end of the paid
 * period, then the company moves to the Trial plan. Asks first; once cancelled it says when the
 * subscription ends instead. A role the permission table does not let change the plan sees the
 * button disabled, with a tooltip saying who can.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { PLANS } from '@catalog/contracts/plans';
import type { SubscriptionState } from '@catalog/contracts/subscription';
import { Button, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NeedsPermission } from '../../../components/needs-permission';
import { cancelSubscription } from '../api/cancel-subscription';
import { endOfPeriodNotice, formatDay, SUBSCRIPTION_ERRORS } from '../utils/subscription-copy';

export function CancelSubscriptionCard({ state }: { state: SubscriptionState }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const plan = PLANS[state.plan];
  const until = state.currentPeriodEnd ? ` until ${formatDay(state.currentPeriodEnd)}` : ' until the end of the paid period';

  const cancel = async () => {
    setBusy(true);
    try {
      const next = await cancelSubscription();
      const message = next.cancelAtPeriodEnd && next.currentPeriodEnd ? endOfPeriodNotice(next.currentPeriodEnd) : `You are now on the ${PLANS[next.plan].name} plan.`;
      notifications.show({ color: 'green', title: 'Subscription Cancelled', message });
      setAsking(false);
    } catch (error) {
      console.error(SUBSCRIPTION_ERRORS.cancel, error);
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error, SUBSCRIPTION_ERRORS.cancel) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby="cancel-subscription-title" withBorder radius="md" p="lg">
      <Title order={2} size="h4" id="cancel-subscription-title">
        Cancel Subscription
      </Title>
      {state.cancelAtPeriodEnd ? (
        <Text size="sm" mt="xs">
          Your subscription is cancelled. {state.currentPeriodEnd ? endOfPeriodNotice(state.currentPeriodEnd) : ''}
        </Text>
      ) : (
        <>
          <Text size="sm" mt="xs">
            Your {plan.name} plan stays{until}; you then move to the Trial plan ({PLANS.trial.productLimit} products).
          </Text>
          <NeedsPermission action="subscription.change">
            <Button mt="md" variant="outline" color="red.8" onClick={() => setAsking(true)}>
              Cancel Subscription
            </Button>
          </NeedsPermission>
        </>
      )}
      <ConfirmDialog
        opened={asking}
        title="Cancel your subscription?"
        message={`Your ${plan.name} plan stays${until}. After that you move to the Trial plan, which syncs up to ${PLANS.trial.productLimit} products.`}
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        tone="danger"
        pending={busy}
        onConfirm={() => void cancel()}
        onClose={() => setAsking(false)}
      />
    </Paper>
  );
}
