/**
 * The price preview's "Why?" on a row (issue 19, with `explain`): how its new price was reached,
 * rule -> value before rounding -> rounding -> result, or that it was set by hand.
 */
import { Button, Popover, Stack, Text } from '@mantine/core';
import type { AdjustmentExplanation } from '@catalog/contracts/bulk-adjustment';
import { useState, type KeyboardEvent } from 'react';
import type { PreviewLine } from '@catalog/contracts/bulk-adjustment-preview';
import { formatCents } from '@catalog/contracts/money';
import { FIELD_TEXT, priceText } from './price-preview-text';

export function Why({ line, explanation }: { line: PreviewLine; explanation: AdjustmentExplanation | null }) {
  const [opened, setOpened] = useState(false);
  // Escape closes the explanation only, not the preview around it (see the button's data attribute).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && opened) {
      e.stopPropagation();
      setOpened(false);
    }
  };
  return (
    <Popover opened={opened} onChange={setOpened} width={280} position="bottom-end" withArrow shadow="md" trapFocus={false} returnFocus closeOnEscape={false}>
      <Popover.Target>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpened((o) => !o)} onKeyDown={onKeyDown}
          // The preview (a Mantine modal) closes on Escape from a window listener unless told not to.
          data-mantine-stop-propagation={opened ? 'true' : undefined}
          aria-label={`Why is the new ${FIELD_TEXT[line.field].toLowerCase()} price of ${line.label} ${priceText(line.newCents) || 'none'}?`}>
          Why?
        </Button>
      </Popover.Target>
      <Popover.Dropdown onKeyDown={onKeyDown}>
        {explanation && explanation.skipped === null ? (
          <Stack gap={2} fz="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            <li>Rule: {explanation.rule}</li>
            <li>Before rounding: {formatCents(explanation.beforeRounding)}</li>
            <li>Rounding: {explanation.rounding}</li>
            <li>
              <Text span fw={700} fz="sm">Result: {formatCents(explanation.result)}</Text>
            </li>
          </Stack>
        ) : (
          <Text size="sm">
            {line.newCents === null ? 'Removed' : `Set to ${priceText(line.newCents)}`} by hand (typed, imported, or changed after the bulk adjustment).
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
