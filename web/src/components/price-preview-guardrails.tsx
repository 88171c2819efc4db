/**
 * The price preview's guardrails (issue 19): the counts per rule with the "Only flagged" filter,
 * a flagged row's flags as badges, and the blocking rules in words.
 */
import { Alert, Badge, Checkbox, Group, List, Text } from '@mantine/core';
import { guardrailLabel, type GuardrailRule, type GuardrailSettings } from '@catalog/contracts/guardrails';
import type { OrderGuardrails } from '@catalog/contracts/bulk-adjustment-preview';
import { IconAlertTriangle } from '@tabler/icons-react';
import { itemsText } from './price-preview-text';
import classes from './price-preview-modal.module.css';

/** "Below cost (3 items), Price of 0.00 (1 item)". */
export function blockingText(blocking: OrderGuardrails['blocking'], settings?: GuardrailSettings): string {
  return blocking.map(({ rule, count }) => `${guardrailLabel(rule, settings)} (${itemsText(count)})`).join(', ');
}

export function FlagBadges({ rules, settings, blocking }: { rules: readonly GuardrailRule[]; settings?: GuardrailSettings; blocking: ReadonlySet<GuardrailRule> }) {
  return (
    <Group gap={4} mt={2} wrap="wrap">
      {rules.map((rule) => (
        <Badge key={rule} size="xs" radius="sm" variant="outline" color={blocking.has(rule) ? 'red' : 'yellow'}
          classNames={{ label: blocking.has(rule) ? classes.danger : classes.warning }}>
          {blocking.has(rule) ? 'Blocks: ' : ''}
          {guardrailLabel(rule, settings)}
        </Badge>
      ))}
    </Group>
  );
}

export function GuardrailSummary({ guardrails, settings, onlyFlagged, setOnlyFlagged }: {
  guardrails: OrderGuardrails; settings?: GuardrailSettings; onlyFlagged: boolean; setOnlyFlagged: (v: boolean) => void;
}) {
  const rules = (Object.keys(guardrails.counts) as GuardrailRule[]).filter((r) => guardrails.counts[r] > 0);
  if (guardrails.flagged === 0) {
    return <Text size="sm">No guardrail flags: no item of this order breaks your company's guardrails.</Text>;
  }
  return (
    <Alert color="yellow" variant="light" classNames={{ title: classes.warning, icon: classes.warning }} icon={<IconAlertTriangle aria-hidden="true" />}
      title={`Guardrails: ${itemsText(guardrails.flagged)} flagged`}>
      <List size="sm" spacing={2} aria-label="Guardrail flags">
        {rules.map((rule) => (
          <List.Item key={rule}>
            {guardrailLabel(rule, settings)}: {itemsText(guardrails.counts[rule])}
          </List.Item>
        ))}
      </List>
      <Checkbox mt="xs" label="Only flagged" checked={onlyFlagged} onChange={(e) => setOnlyFlagged(e.currentTarget.checked)} />
    </Alert>
  );
}
