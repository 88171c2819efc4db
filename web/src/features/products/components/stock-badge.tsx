/** The stock badge (spec section 4): 'Out of Stock' at 0, 'Low Stock' under 10, else 'In Stock'. */
import { stockBadge, type StockBadge as StockBadgeLabel } from '@catalog/contracts/catalog';
import { Pill, type PillTone } from './pill';

const TONES: Record<StockBadgeLabel, PillTone> = {
  'Out of Stock': 'red',
  'Low Stock': 'orange',
  'In Stock': 'green',
};

export function StockBadge({ stock }: { stock: number }) {
  const label = stockBadge(stock);
  return (
    <Pill tone={TONES[label]} title={`${stock} in stock`}>
      {label}
    </Pill>
  );
}
