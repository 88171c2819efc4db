/**
 * Checks the fields of a product or variant update the way BigCommerce answers them: each
 * invalid field gets a message under its name (the `errors` map of a 422 body). Fields the demo
 * store does not model are ignored; read-only ones (id, dates, calculated_price) are skipped.
 */

export type FieldErrors = Record<string, string>;
type Rule = (value: unknown) => string | null;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const money = (nullable: boolean): Rule => (v) => {
  if (v === null) return nullable ? null : 'must be a number; send 0 to clear it';
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'must be a number';
  if (v < 0) return 'must be greater than or equal to 0';
  if (v > 99_999_999.99) return 'must be less than or equal to 99999999.99';
  return null;
};
const count = (nullable: boolean): Rule => (v) => {
  if (v === null) return nullable ? null : 'must be an integer';
  if (typeof v !== 'number' || !Number.isInteger(v)) return 'must be an integer';
  return v < 0 || v > 2_147_483_647 ? 'must be between 0 and 2147483647' : null;
};
const text = (min: number, max: number): Rule => (v) =>
  typeof v !== 'string' ? 'must be a string' : v.length < min || v.length > max ? `must be ${min}-${max} characters long` : null;
const bool: Rule = (v) => (typeof v === 'boolean' ? null : 'must be a boolean');
const oneOf = (values: readonly string[]): Rule => (v) => (typeof v === 'string' && values.includes(v) ? null : `must be one of ${values.join(', ')}`);
const ids: Rule = (v) => (Array.isArray(v) && v.every((x) => Number.isInteger(x)) ? null : 'must be a list of integer ids');

/** The product fields the demo store accepts in a PUT, and how each is checked. */
export const PRODUCT_RULES: Readonly<Record<string, Rule>> = {
  name: text(1, 250), sku: text(0, 255), description: text(0, 65_535),
  price: money(false), cost_price: money(false), retail_price: money(false), sale_price: money(false), map_price: money(false),
  weight: money(false), inventory_level: count(false), inventory_warning_level: count(false),
  inventory_tracking: oneOf(['none', 'product', 'variant']), is_visible: bool, is_featured: bool, is_free_shipping: bool,
  availability: oneOf(['available', 'disabled', 'preorder']), categories: ids,
};

/** The variant fields the demo store accepts in a PUT; price fields may be null (inherit). */
export const VARIANT_RULES: Readonly<Record<string, Rule>> = {
  sku: text(1, 255), price: money(true), sale_price: money(true), retail_price: money(true), cost_price: money(true),
  map_price: money(true), weight: money(true), inventory_level: count(true), inventory_warning_level: count(true),
  purchasing_disabled: bool, purchasing_disabled_message: text(0, 255), upc: text(0, 14), mpn: text(0, 255), gtin: text(0, 14),
};

/**
 * The accepted fields of `input` and the errors of the rejected ones. `input` that is not an
 * object is one error under the key `body`.
 */
export function checkFields(input: unknown, rules: Readonly<Record<string, Rule>>): { patch: Record<string, unknown>; errors: FieldErrors } {
  if (!isObject(input)) return { patch: {}, errors: { body: 'must be a JSON object' } };
  const patch: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(input)) {
    const rule = rules[key];
    if (!rule) continue;
    const problem = rule(value);
    if (problem) errors[key] = `${key} ${problem}`;
    else patch[key] = value;
  }
  return { patch, errors };
}
