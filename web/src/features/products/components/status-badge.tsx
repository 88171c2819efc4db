/** A product's status: 'Published', 'Draft', or 'Unknown' for anything else the store sends. */
import { productStatusLabel } from '@catalog/contracts/catalog';
import { Badge } from '@mantine/core';

export function StatusBadge({ status }: { status: string }) {
  const label = productStatusLabel(status);
  const color = label === 'Published' ? 'green' : label === 'Draft' ? 'gray' : 'yellow';
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
