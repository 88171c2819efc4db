/**
 * A small chart of the product's price over time from its price history (product-level
 * entries): the regular price as a solid line, the sale price dashed. Hand-made SVG, since no
 * chart library is installed; its text alternative states the first and last prices.
 */
import type { PriceHistoryEntry } from '@catalog/contracts/products';
import { Group, Text } from '@mantine/core';
import { formatPrice } from '../utils/product-pricing';
import classes from './price-history.module.css';

const WIDTH = 320;
const HEIGHT = 110;
const PAD = 8;

type Point = { t: number; v: number };

/** The price after each change, starting with the price before the first one. */
function series(entries: PriceHistoryEntry[], field: 'Regular' | 'Sale'): Point[] {
  const points: Point[] = [];
  for (const e of entries) {
    const t = new Date(e.createdAt).getTime();
    const before = field === 'Regular' ? e.oldRegularPrice : e.oldSalePrice;
    const after = field === 'Regular' ? e.newRegularPrice : e.newSalePrice;
    if (points.length === 0 && before !== null) points.push({ t: t - 1, v: Number(before) });
    if (after !== null) points.push({ t, v: Number(after) });
  }
  return points;
}

export function PriceHistoryChart({ entries }: { entries: PriceHistoryEntry[] }) {
  const ordered = entries.filter((e) => e.variantId === null).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const regular = series(ordered, 'Regular');
  const sale = series(ordered, 'Sale');
  if (regular.length < 2 && sale.length < 2) return null;

  const all = [...regular, ...sale];
  const tMin = Math.min(...all.map((p) => p.t));
  const tMax = Math.max(...all.map((p) => p.t));
  const vMax = Math.max(...all.map((p) => p.v));
  const vMin = Math.min(0, ...all.map((p) => p.v));
  const x = (t: number) => PAD + ((t - tMin) / Math.max(1, tMax - tMin)) * (WIDTH - 2 * PAD);
  const y = (v: number) => HEIGHT - PAD - ((v - vMin) / Math.max(0.01, vMax - vMin)) * (HEIGHT - 2 * PAD);
  const line = (points: Point[]) => points.map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');

  const describe = (name: string, points: Point[]) =>
    points.length ? `${name} price from ${formatPrice(String(points[0]!.v))} to ${formatPrice(String(points.at(-1)!.v))}` : '';
  const summary = ['Price over time', describe('regular', regular), describe('sale', sale)].filter(Boolean).join('; ');

  return (
    <figure className={classes.figure}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className={classes.chart} preserveAspectRatio="none">
        <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className={classes.axis} />
        {regular.length > 1 && <polyline points={line(regular)} className={classes.regular} />}
        {sale.length > 1 && <polyline points={line(sale)} className={classes.sale} />}
      </svg>
      <Group gap="md" component="figcaption">
        <Text size="xs" c="dimmed">
          <span className={classes.keyRegular} aria-hidden="true" /> Regular price
        </Text>
        {sale.length > 1 && (
          <Text size="xs" c="dimmed">
            <span className={classes.keySale} aria-hidden="true" /> Sale price
          </Text>
        )}
      </Group>
    </figure>
  );
}
