/**
 * Settings > Work orders (issue 19): "Work orders by members need approval" (the plans with
 * teams; on the others the switch is off and disabled with an upgrade hint), "Large change
 * threshold (%)", "Flag regular prices below MSRP", the EU prior price (issue 36,
 * prior-price-settings.tsx, with the storefront publication's state: prior-price-publication.tsx)
 * and the guardrails that block an order.
 * Owners and admins edit and save (PATCH /api/company/settings; a toast says how it went, the
 * server's field errors show under their fields); members see the same settings read-only.
 */
import { CompanySettings, type UpdateCompanySettingsBody } from '@catalog/contracts/company-settings';
import { getErrorMessage, isApiError } from '@catalog/contracts/errors';
import {
  GUARDRAIL_RULES, guardrailLabel, MAX_GUARDRAIL_THRESHOLD_PERCENT, MIN_GUARDRAIL_THRESHOLD_PERCENT, type GuardrailRule,
} from '@catalog/contracts/guardrails';
import { DEFAULT_PRIOR_PRICE_DAYS } from '@catalog/contracts/lowest-price';
import { whoCan } from '@catalog/contracts/permissions';
import { planFeatureMessage, planHasFeature } from '@catalog/contracts/plans';
import { Anchor, Button, Checkbox, Group, NumberInput, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { useCan } from '../../../components/needs-permission';
import { OfflineNotice } from '../../../components/offline-notice';
import { useCurrentUser } from '../../../lib/current-user';
import { useOnline } from '../../../lib/use-online';
import { isOfflineFailure, useRefetchOnReconnect } from '../../../lib/use-refetch-on-reconnect';
import { updateCompanySettings, useCompanySettings } from '../api/company-settings';
import { PriorPricePublication } from './prior-price-publication';
import { PRIOR_DAYS_MESSAGE, PriorPriceFields, priorDaysOf } from './prior-price-settings';

type Errors = Partial<Record<keyof CompanySettings, string>>;

/** The server's `fields` ("blockingGuardrails.1") as the form's fields. */
function fieldErrors(fields: Record<string, string> | undefined): Errors {
  const errors: Errors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const key = path.split('.')[0] as keyof CompanySettings;
    errors[key] ??= message;
  }
  return errors;
}

/** What changed between the saved settings and the form (PATCH sends only those). */
export function settingsChanges(saved: CompanySettings, draft: CompanySettings): UpdateCompanySettingsBody | null {
  const body: Partial<CompanySettings> = {};
  if (draft.ordersNeedApproval !== saved.ordersNeedApproval) body.ordersNeedApproval = draft.ordersNeedApproval;
  if (draft.guardrailThresholdPercent !== saved.guardrailThresholdPercent) body.guardrailThresholdPercent = draft.guardrailThresholdPercent;
  if (draft.retailFloor !== saved.retailFloor) body.retailFloor = draft.retailFloor;
  if (draft.priorPriceDays !== saved.priorPriceDays) body.priorPriceDays = draft.priorPriceDays;
  if (draft.priorPriceShownAs !== saved.priorPriceShownAs) body.priorPriceShownAs = draft.priorPriceShownAs;
  if (draft.publishPriorPrice !== saved.publishPriorPrice) body.publishPriorPrice = draft.publishPriorPrice;
  const sameRules = draft.blockingGuardrails.length === saved.blockingGuardrails.length
    && draft.blockingGuardrails.every((r) => saved.blockingGuardrails.includes(r));
  if (!sameRules) body.blockingGuardrails = draft.blockingGuardrails;
  return Object.keys(body).length > 0 ? (body as UpdateCompanySettingsBody) : null;
}

export function WorkOrdersSettingsForm({ saved, canEdit, plan }: { saved: CompanySettings; canEdit: boolean; plan: string | null }) {
  const [draft, setDraft] = useState<CompanySettings>(saved);
  const [threshold, setThreshold] = useState<string | number>(saved.guardrailThresholdPercent);
  const [priorDays, setPriorDays] = useState<string | number>(saved.priorPriceDays ?? DEFAULT_PRIOR_PRICE_DAYS);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const online = useOnline();
  const hintId = useId();
  const approvalsAllowed = plan !== null && planHasFeature(plan, 'approvals');
  const readOnly = !canEdit;
  const set = (patch: Partial<CompanySettings>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || saving || !online) return;
    const percent = typeof threshold === 'number' ? threshold : Number(threshold);
    if (!Number.isInteger(percent) || percent < MIN_GUARDRAIL_THRESHOLD_PERCENT || percent > MAX_GUARDRAIL_THRESHOLD_PERCENT || threshold === '') {
      setErrors({ guardrailThresholdPercent: `Enter a whole percentage from ${MIN_GUARDRAIL_THRESHOLD_PERCENT} to ${MAX_GUARDRAIL_THRESHOLD_PERCENT}` });
      return;
    }
    const days = priorDaysOf(priorDays);
    if (draft.priorPriceDays !== null && days === null) {
      setErrors({ priorPriceDays: PRIOR_DAYS_MESSAGE });
      return;
    }
    const next = { ...draft, guardrailThresholdPercent: percent, priorPriceDays: draft.priorPriceDays === null ? null : days };
    const body = settingsChanges(saved, next);
    if (!body) {
      notifications.show({ color: 'blue', title: 'Nothing to save', message: 'These are already your settings.' });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const result = await updateCompanySettings(body);
      setDraft(result);
      setThreshold(result.guardrailThresholdPercent);
      setPriorDays(result.priorPriceDays ?? DEFAULT_PRIOR_PRICE_DAYS);
      notifications.show({ color: 'green', title: 'Work order settings saved', message: 'They apply to the next work order.' });
    } catch (err) {
      if (isApiError(err) && err.fields) setErrors(fieldErrors(err.fields));
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, 'Failed to save work order settings') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Work order settings">
      <Stack gap="md">
        {readOnly && (
          <Text size="sm" c="dimmed">
            {whoCan('companySettings.update')}.
          </Text>
        )}
        <Stack gap={4}>
          <Switch
            label="Work orders by members need approval"
            description="A member's order waits until an owner or admin approves it."
            checked={approvalsAllowed && draft.ordersNeedApproval}
            disabled={readOnly || !approvalsAllowed}
            aria-describedby={!approvalsAllowed ? hintId : undefined}
            onChange={(e) => set({ ordersNeedApproval: e.currentTarget.checked })}
            error={errors.ordersNeedApproval}
          />
          {!approvalsAllowed && plan !== null && (
            <Text size="sm" id={hintId}>
              {planFeatureMessage('approvals', plan)}{' '}
              <Anchor component={Link} to="/subscription" underline="always">
                See plans
              </Anchor>
            </Text>
          )}
        </Stack>
        <NumberInput
          label="Large change threshold (%)"
          description="A price that moves by more than this, up or down, is flagged as a large change."
          min={MIN_GUARDRAIL_THRESHOLD_PERCENT}
          max={MAX_GUARDRAIL_THRESHOLD_PERCENT}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={threshold}
          onChange={setThreshold}
          readOnly={readOnly}
          error={errors.guardrailThresholdPercent}
          maw={260}
        />
        <Switch
          label="Flag regular prices below MSRP"
          description="A regular price below the item's retail price (MSRP) is flagged."
          checked={draft.retailFloor}
          disabled={readOnly}
          onChange={(e) => set({ retailFloor: e.currentTarget.checked })}
          error={errors.retailFloor}
        />
        <PriorPriceFields
          draft={draft}
          days={priorDays}
          setDays={setPriorDays}
          set={set}
          readOnly={readOnly}
          errors={errors}
          publication={<PriorPricePublication />}
        />
        <Checkbox.Group
          label="Blocking guardrails"
          description="An order that breaks a checked rule is refused; the others are only flagged in the preview."
          value={[...draft.blockingGuardrails]}
          onChange={(values) => set({ blockingGuardrails: GUARDRAIL_RULES.filter((r) => values.includes(r)) as GuardrailRule[] })}
          error={errors.blockingGuardrails}
        >
          <Stack gap={6} mt={6}>
            {GUARDRAIL_RULES.map((rule) => (
              <Checkbox key={rule} value={rule} disabled={readOnly} label={guardrailLabel(rule, { guardrailThresholdPercent: draft.guardrailThresholdPercent })} />
            ))}
          </Stack>
        </Checkbox.Group>
        {!readOnly && (
          <Group>
            <Button type="submit" loading={saving} disabled={!online}>
              Save work order settings
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The section on /settings: loads the settings and the plan, then the form. */
export function WorkOrdersSettings() {
  const { data, error, isFetching, refetch } = useCompanySettings();
  const me = useCurrentUser();
  const canEdit = useCan('companySettings.update');
  const online = useOnline();
  const offline = data === undefined && isOfflineFailure(error, online);
  useRefetchOnReconnect(offline, refetch);
  let body;
  if (data !== undefined && canEdit !== null) {
    body = <WorkOrdersSettingsForm key={JSON.stringify(data)} saved={data} canEdit={canEdit} plan={me.data?.company.subscriptionPlan ?? null} />;
  } else if (offline) {
    body = <OfflineNotice what="Your work order settings" />;
  } else if (error) {
    body = <LoadError title="Could not load your work order settings" error={error} fallback="Failed to load work order settings" retrying={isFetching} onRetry={() => void refetch()} />;
  } else {
    body = (
      <Stack gap="sm" aria-busy="true">
        <Text size="sm" c="dimmed" role="status">
          Loading your work order settings...
        </Text>
        <Skeleton height={280} radius="md" />
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="work-order-settings-title">
      <Title order={2} size="h3" id="work-order-settings-title" mb="sm">
        Work orders
      </Title>
      {body}
    </Paper>
  );
}
