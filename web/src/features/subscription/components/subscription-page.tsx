/**
 * /subscription (spec sections 2 and 4): 'Choose Your Plan', the current plan banner, the three
 * plans of the plans table (an upgrade goes to Stripe's checkout page after a confirmation; the
 * same or a lower plan is a change after a confirmation), the cancel card on paid plans, and the
 * FAQ. The return from checkout and the pricing page's `upgrade` link are handled by
 * useCheckoutReturn. Who may change the plan is the permission table's (subscription.change):
 * the others see a note and the buttons disabled, with a tooltip saying who can.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { whoCan } from '@catalog/contracts/permissions';
import { PLAN_LIST, type PlanId } from '@catalog/contracts/plans';
import { planChangeKind } from '@catalog/contracts/subscription';
import { Alert, Anchor, Badge, Button, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconConfetti, IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCan } from '../../../components/needs-permission';
import { OfflineNotice } from '../../../components/offline-notice';
import { PageLoader } from '../../../components/page-loader';
import { PlanCard } from '../../../components/plan-card';
import { useOnline } from '../../../lib/use-online';
import { usePageTitle } from '../../../lib/use-page-title';
import { isOfflineFailure, useRefetchOnReconnect } from '../../../lib/use-refetch-on-reconnect';
import { useSubscription } from '../api/get-subscription';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { usePlanChange, type PlanChangeOptions } from '../hooks/use-plan-change';
import { planChangeConfirmation } from '../utils/subscription-copy';
import { CancelSubscriptionCard } from './cancel-subscription-card';
import { CurrentPlanBanner } from './current-plan-banner';
import { PlanChangeAction } from './plan-change-action';
import { SubscriptionFaq } from './subscription-faq';

const noteStyles = { message: { color: 'var(--mantine-color-text)' }, title: { color: 'var(--mantine-color-text)' } };

export function SubscriptionPage({ redirect }: PlanChangeOptions) {
  usePageTitle('Subscription');
  const subscription = useSubscription();
  const state = subscription.data;
  const canManage = useCan('subscription.change');
  const change = usePlanChange(state, { redirect });
  const [purchased, setPurchased] = useState<PlanId | null>(null);
  useCheckoutReturn({ state, canManage, onUpgrade: change.ask, onPurchased: setPurchased });
  const confirmation = change.pending
    ? planChangeConfirmation(change.pending.kind, change.pending.from, change.pending.to, state?.productCount ?? 0)
    : null;
  // Keeps the dialog's words while it fades out after closing.
  const shown = useRef(confirmation);
  if (confirmation) shown.current = confirmation;
  const online = useOnline();
  const offline = !state && isOfflineFailure(subscription.error, online);
  useRefetchOnReconnect(offline, subscription.refetch);

  if (!state) {
    if (subscription.error === undefined) return <PageLoader />;
    if (offline) {
      return (
        <Stack gap="lg" maw={640}>
          <Title order={1}>Choose Your Plan</Title>
          <OfflineNotice what="Your plan" />
        </Stack>
      );
    }
    return (
      <Paper withBorder p="lg" role="alert" maw={640}>
        <Title order={1} size="h3">
          Choose Your Plan
        </Title>
        <Text mt="xs">{getErrorMessage(subscription.error, 'Could not load your subscription.')}</Text>
        <Button variant="default" mt="md" onClick={() => void subscription.refetch()} loading={subscription.isFetching}>
          Try again
        </Button>
      </Paper>
    );
  }

  // Whether the server can make the change; who may is NeedsPermission's, in the card.
  const canChange = (plan: PlanId) => state.billingEnabled || planChangeKind(state.plan, plan) !== 'upgrade';

  return (
    <Stack gap="xl" maw={1100}>
      <div>
        <Title order={1}>Choose Your Plan</Title>
        <Text c="dimmed" mt={4}>
          Plans differ in how many products they sync and how many people can work in your company.
        </Text>
      </div>

      {purchased && (
        <Alert color="green" variant="light" icon={<IconConfetti size={18} aria-hidden="true" />} title="Thank you for your purchase!" styles={noteStyles}>
          <Anchor component={Link} to={`/thank-you?plan=${purchased}`}>
            See what to do next
          </Anchor>
        </Alert>
      )}

      <CurrentPlanBanner state={state} />

      {canManage === false && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} styles={noteStyles}>
          {whoCan('subscription.change')}. Ask one of them to upgrade or cancel.
        </Alert>
      )}
      {!state.billingEnabled && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} styles={noteStyles}>
          Payments are not set up on this server, so paid plans cannot be bought here yet.
        </Alert>
      )}

      <section aria-labelledby="plans-title">
        <VisuallyHidden>
          <h2 id="plans-title">Plans</h2>
        </VisuallyHidden>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PLAN_LIST.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              place="subscription"
              highlighted={plan.id === state.plan}
              badge={plan.id === state.plan ? <Badge color="green.3" variant="filled" autoContrast>Your plan</Badge> : undefined}
            >
              <PlanChangeAction
                plan={plan}
                current={state.plan}
                productCount={state.productCount}
                canChange={canChange(plan.id)}
                onChoose={change.ask}
              />
            </PlanCard>
          ))}
        </SimpleGrid>
      </section>

      {state.plan !== 'trial' && <CancelSubscriptionCard state={state} />}
      <SubscriptionFaq />

      <ConfirmDialog
        opened={confirmation !== null}
        title={shown.current?.title ?? ''}
        message={shown.current?.message ?? ''}
        confirmLabel={shown.current?.confirmLabel ?? ''}
        cancelLabel="Keep My Plan"
        tone={change.pending?.kind === 'downgrade' ? 'danger' : 'primary'}
        pending={change.busy}
        onConfirm={() => void change.confirm()}
        onClose={change.close}
      >
        {shown.current?.warning && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} styles={noteStyles}>
            {shown.current.warning}
          </Alert>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
