/**
 * The work-order form's bulk adjustment (spec section 5, plus "set to" and price endings), as
 * @catalog/contracts/bulk-adjustment exports it: its vocabulary and the input and adjustment
 * types (bulk-adjustment-vocabulary.ts), reading what the merchant typed or a draft saved
 * (bulk-adjustment-parse.ts), the new price of one product or variant and the rounding to a price
 * ending (bulk-adjustment-price.ts), and the toast that says what was applied
 * (bulk-adjustment-messages.ts). Integer cents throughout; the percentage is whole basis points,
 * so no price ever goes through a float.
 */
export * from './price-rounding';
export * from './bulk-adjustment-vocabulary';
export * from './bulk-adjustment-parse';
export * from './bulk-adjustment-price';
export * from './bulk-adjustment-messages';
