/** A product's status: 'Published', 'Draft', or 'Unknown' for anything else the store sends. */
import { productStatusLabel } from '@catalog/contracts/catalog';
import { Pill } from './pill';

export function StatusBadge({ status }: { status: string }) {
  const label = productStatusLabel(status);
  return <Pill tone={label === 'Published' ? 'green' : label === 'Draft' ? 'gray' : 'yellow'}>{label}</Pill>;
}
