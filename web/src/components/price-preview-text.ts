/** The price preview's wording of cents, fields and counts (see price-preview-modal.tsx). */
import type { PreviewLine } from '@catalog/contracts/bulk-adjustment-preview';
import { formatCents } from '@catalog/contracts/money';

export const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));
/** "19.90", or '' for none. */
export const priceText = (cents: number | null | undefined) => (cents == null ? '' : formatCents(cents));

export const FIELD_TEXT: Readonly<Record<PreviewLine['field'], string>> = { regular: 'Regular', sale: 'Sale', retail: 'MSRP' };

export const itemsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'item' : 'items'}`;
