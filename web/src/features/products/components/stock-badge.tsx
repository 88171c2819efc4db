/** The stock badge (spec section 4): 'Out of Stock' at 0, 'Low Stock' under 10, else 'In Stock'. */
import { stockBadge, type StockBadge as StockBadgeLabel } from '@catalog/contracts/catalog';
import { Badge } from '@mantine/core';

const COLORS: Record<StockBadgeLabel, string> = {
  'Out of Stock': 'red',
  'Low Stock': 'orange',
  'In Stock': 'green',
};

export function StockBadge({ stock }: { stock: number }) {
  const label = stockBadge(stock);
  return (
    <Badge color={COLORS[label]} variant="light" title={`${stock} in stock`}>
      {label}
    </Badge>
  );
}
