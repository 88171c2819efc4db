/**
 * A small status label (stock, status, change type) in colours that keep 4.5:1 contrast in both
 * schemes (Mantine's light badges do not: axe color-contrast), and cheap to render in lists.
 */
import type { ReactNode } from 'react';
import classes from './pill.module.css';

export type PillTone = 'green' | 'orange' | 'red' | 'gray' | 'yellow' | 'blue' | 'grape';

export function Pill({ tone, title, children }: { tone: PillTone; title?: string; children: ReactNode }) {
  return (
    <span className={classes.pill} data-tone={tone} title={title}>
      {children}
    </span>
  );
}
