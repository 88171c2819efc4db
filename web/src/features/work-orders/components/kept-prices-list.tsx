/**
 * The items an undo keeps (changed since the order ran), each with what changed it: on an undone
 * order's card and in the undo's confirmation. At most `limit` are listed, then "and N more";
 * the list scrolls when long and takes focus, so a keyboard can scroll it too.
 */
import { Box, List, Text } from '@mantine/core';
import type { RevertItem } from '@catalog/contracts/work-orders';
import { changeSourceText } from '../utils/revert-text';

export function KeptPricesList({ items, total, limit, label, spacing }: {
  items: readonly RevertItem[];
  /** How many there are in all (the items may be fewer: a report lists some). */
  total: number;
  limit: number;
  label: string;
  spacing: number;
}) {
  return (
    <>
      <Box mah={180} style={{ overflowY: 'auto' }} tabIndex={0} aria-label={label}>
        <List size="sm" spacing={spacing}>
          {items.slice(0, limit).map((item) => (
            <List.Item key={`${item.productId}-${item.variantId ?? ''}`} style={{ overflowWrap: 'anywhere' }}>
              {item.productName}
              {item.variantSku ? ` (${item.variantSku})` : ''}: {changeSourceText(item.changedBy)}
            </List.Item>
          ))}
        </List>
      </Box>
      {total > limit && <Text size="xs" c="dimmed">and {(total - limit).toLocaleString('en-US')} more.</Text>}
    </>
  );
}
