/**
 * Turns the detail panel's price inputs into the body of a price edit (spec section 5): only
 * changed fields are sent; nothing changed means no call ('No changes detected to update'). An
 * empty product sale price clears it (null); an empty variant price is left out (a variant's
 * sale price is not cleared from here).
 */
import { MoneyError, normalizeMoney } from '@catalog/contracts/money';
import type { ProductPriceEdit, VariantPriceEdit } from '@catalog/contracts/products';

/** What a price input holds (NumberInput gives a number, or a string while empty or partial). */
export type PriceInput = string | number;

export interface PriceFormValues {
  regularPrice: PriceInput;
  salePrice: PriceInput;
}

export type PriceFieldErrors = Partial<Record<keyof PriceFormValues, string>>;

export type EditOutcome<T> =
  | { kind: 'unchanged' }
  | { kind: 'invalid'; errors: PriceFieldErrors }
  | { kind: 'edit'; body: T };

/** The message of a required regular price left empty. */
export const REGULAR_PRICE_REQUIRED = 'Enter a regular price';

const text = (value: PriceInput) => String(value).trim();

/** The normalized price ('19.90'), null for empty, or the error message. */
function readPrice(value: PriceInput): { price: string | null } | { error: string } {
  const s = text(value);
  if (s === '') return { price: null };
  try {
    return { price: normalizeMoney(s) };
  } catch (err) {
    return { error: err instanceof MoneyError ? 'Enter a price between 0.00 and 99,999,999.99' : String(err) };
  }
}

const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : normalizeMoney(a) === normalizeMoney(b));

export function productPriceEdit(
  original: { regularPrice: string; salePrice: string | null },
  form: PriceFormValues,
): EditOutcome<ProductPriceEdit> {
  const errors: PriceFieldErrors = {};
  const regular = readPrice(form.regularPrice);
  const sale = readPrice(form.salePrice);
  if ('error' in regular) errors.regularPrice = regular.error;
  else if (regular.price === null) errors.regularPrice = REGULAR_PRICE_REQUIRED;
  if ('error' in sale) errors.salePrice = sale.error;
  if (Object.keys(errors).length || 'error' in regular || 'error' in sale) return { kind: 'invalid', errors };

  const body: ProductPriceEdit = {};
  if (regular.price !== null && !same(regular.price, original.regularPrice)) body.regularPrice = regular.price;
  if (!same(sale.price, original.salePrice)) body.salePrice = sale.price;
  return Object.keys(body).length ? { kind: 'edit', body } : { kind: 'unchanged' };
}

export function variantPriceEdit(
  original: { regularPrice: string | null; salePrice: string | null },
  form: PriceFormValues,
): EditOutcome<VariantPriceEdit> {
  const errors: PriceFieldErrors = {};
  const regular = readPrice(form.regularPrice);
  const sale = readPrice(form.salePrice);
  if ('error' in regular) errors.regularPrice = regular.error;
  if ('error' in sale) errors.salePrice = sale.error;
  if ('error' in regular || 'error' in sale) return { kind: 'invalid', errors };

  const body: VariantPriceEdit = {};
  if (regular.price !== null && !same(regular.price, original.regularPrice)) body.regularPrice = regular.price;
  if (sale.price !== null && !same(sale.price, original.salePrice)) body.salePrice = sale.price;
  return Object.keys(body).length ? { kind: 'edit', body } : { kind: 'unchanged' };
}
