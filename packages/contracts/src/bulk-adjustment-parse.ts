/**
 * Reading a bulk adjustment: what the merchant typed (parseBulkAdjustment, parseRounding) and
 * what a draft saved (parseSavedAdjustment). Integer cents throughout; the percentage is whole
 * basis points, so no price ever goes through a float.
 */
import {
  BULK_ADJUSTMENT_MESSAGES, PRICE_FIELDS, PRIOR_LOW_FIELD_MESSAGE, PRIOR_LOW_FIELDS, ROUNDING_MESSAGES,
  type BulkAdjustment, type BulkAdjustmentInput, type ParseResult, type PriceField,
} from './bulk-adjustment-vocabulary';
import { DEFAULT_PRIOR_PRICE_DAYS, MAX_PRIOR_PRICE_DAYS, MIN_PRIOR_PRICE_DAYS } from './lowest-price';
import { MAX_CENTS, MoneyError, parseMoney, parsePercent } from './money';
import {
  NO_ROUNDING, ROUNDING_DIRECTIONS, ROUNDING_INCREMENTS, isEnding, roundingFromLegacyEnding,
  type Rounding, type RoundingDirection, type RoundingIncrement,
} from './price-rounding';

/** Signed cents from "5", "-2.50", "+$3.1"; throws MoneyError with the bulk messages. */
function parseAmount(input: string): number {
  const m = /^([+-]?)\s*\$?\s*(.*)$/.exec(input.trim());
  const sign = m?.[1] === '-' ? -1 : 1;
  try {
    return sign * parseMoney(m?.[2] ?? '');
  } catch {
    throw new MoneyError(BULK_ADJUSTMENT_MESSAGES.notANumber);
  }
}

/** The rounding the form's choice names; an error message when its custom ending or increment is not one. */
export function parseRounding(input: Pick<BulkAdjustmentInput, 'ending' | 'customEnding' | 'incrementCents' | 'roundDirection'>):
  { ok: true; rounding: Rounding } | { ok: false; error: string } {
  const direction = input.roundDirection ?? 'nearest';
  if (!(ROUNDING_DIRECTIONS as readonly string[]).includes(direction)) return { ok: false, error: ROUNDING_MESSAGES.increment };
  switch (input.ending) {
    case 'none':
      return { ok: true, rounding: NO_ROUNDING };
    case 'whole':
      return { ok: true, rounding: { kind: 'ending', ending: '00', direction } };
    case 'custom': {
      const ending = (input.customEnding ?? '').trim();
      return isEnding(ending) ? { ok: true, rounding: { kind: 'ending', ending, direction } } : { ok: false, error: ROUNDING_MESSAGES.customEnding };
    }
    case 'increment': {
      const step = input.incrementCents;
      return (ROUNDING_INCREMENTS as readonly number[]).includes(step ?? -1)
        ? { ok: true, rounding: { kind: 'increment', stepCents: step as RoundingIncrement, direction } }
        : { ok: false, error: ROUNDING_MESSAGES.increment };
    }
    default:
      return isEnding(input.ending) ? { ok: true, rounding: { kind: 'ending', ending: input.ending, direction } } : { ok: true, rounding: roundingFromLegacyEnding(input.ending) };
  }
}

/**
 * Checks the form's bulk adjustment, with the spec's messages in its order: nothing selected,
 * then an empty value, then one that is not a number. A percentage takes up to 2 decimals
 * ("12.5", "10%"); amounts are prices with up to 2 decimals. A minus sign turns the chosen
 * direction around ("-10" with increase lowers prices by 10%), which the preview makes plain.
 * A margin over cost and a percentage of retail take no sign. The lowest prior price takes no
 * value and no rounding (rounded up, it would be above the low), on a regular price or an MSRP.
 */
export function parseBulkAdjustment(input: BulkAdjustmentInput, selectedCount: number): ParseResult {
  if (selectedCount <= 0) return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.noSelection };
  if (input.mode === 'priorLow') {
    if (!PRIOR_LOW_FIELDS.includes(input.field)) return { ok: false, error: PRIOR_LOW_FIELD_MESSAGE };
    const days = isPriorDays(input.days) ? input.days : DEFAULT_PRIOR_PRICE_DAYS;
    return { ok: true, adjustment: { field: input.field, mode: 'priorLow', days, rounding: NO_ROUNDING } };
  }
  const raw = input.value.trim();
  if (raw === '') return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.noValue };
  const roundingResult = parseRounding(input);
  if (!roundingResult.ok) return roundingResult;
  const sign = input.direction === 'decrease' ? -1 : 1;
  const { field } = input;
  const { rounding } = roundingResult;
  try {
    switch (input.mode) {
      case 'percent': {
        const basisPoints = sign * parsePercent(raw.replace(/\s*%$/, ''));
        return { ok: true, adjustment: { field, mode: 'percent', basisPoints: basisPoints || 0, rounding } };
      }
      case 'fixed': {
        const deltaCents = sign * parseAmount(raw);
        return { ok: true, adjustment: { field, mode: 'fixed', deltaCents: deltaCents || 0, rounding } };
      }
      case 'set': {
        const cents = parseAmount(raw);
        if (cents < 0) return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.notANumber };
        return { ok: true, adjustment: { field, mode: 'set', cents, rounding } };
      }
      case 'marginOverCost':
      case 'percentOfRetail': {
        const basisPoints = parsePercent(raw.replace(/\s*%$/, ''));
        if (basisPoints < 0) return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.notANumber };
        return { ok: true, adjustment: { field, mode: input.mode, basisPoints, rounding } };
      }
    }
  } catch {
    return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.notANumber };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBasisPoints = (v: unknown): v is number => Number.isSafeInteger(v) && Math.abs(v as number) <= 1_000_000_000;
const isPriorDays = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= MIN_PRIOR_PRICE_DAYS && (v as number) <= MAX_PRIOR_PRICE_DAYS;

/** A saved rounding: a Rounding, or an earlier version's `ending` ('none' | '99' | '95' | 'whole'). */
function savedRounding(value: Record<string, unknown>): Rounding | null {
  const r = value.rounding;
  if (r === undefined) return typeof value.ending === 'string' || value.ending === undefined ? roundingFromLegacyEnding(value.ending as string | undefined) : null;
  if (!isRecord(r)) return null;
  if (r.kind === 'none') return NO_ROUNDING;
  if (!(ROUNDING_DIRECTIONS as readonly unknown[]).includes(r.direction)) return null;
  const direction = r.direction as RoundingDirection;
  if (r.kind === 'ending' && typeof r.ending === 'string' && isEnding(r.ending)) return { kind: 'ending', ending: r.ending, direction };
  if (r.kind === 'increment' && (ROUNDING_INCREMENTS as readonly unknown[]).includes(r.stepCents)) {
    return { kind: 'increment', stepCents: r.stepCents as RoundingIncrement, direction };
  }
  return null;
}

/**
 * A bulk adjustment as a draft saved it (the form keeps the last one per field to explain its
 * rows), checked; null when it is not one. An adjustment saved with an earlier version's
 * `ending` ('none' | '99' | '95' | 'whole') reads as the same rounding to the nearest.
 */
export function parseSavedAdjustment(value: unknown): BulkAdjustment | null {
  if (!isRecord(value) || !(PRICE_FIELDS as readonly unknown[]).includes(value.field)) return null;
  const rounding = savedRounding(value);
  if (!rounding) return null;
  const field = value.field as PriceField;
  switch (value.mode) {
    case 'percent':
      return isBasisPoints(value.basisPoints) ? { field, rounding, mode: 'percent', basisPoints: value.basisPoints } : null;
    case 'marginOverCost':
    case 'percentOfRetail':
      return isBasisPoints(value.basisPoints) && value.basisPoints >= 0 ? { field, rounding, mode: value.mode, basisPoints: value.basisPoints } : null;
    case 'fixed':
      return Number.isSafeInteger(value.deltaCents) && Math.abs(value.deltaCents as number) <= MAX_CENTS
        ? { field, rounding, mode: 'fixed', deltaCents: value.deltaCents as number } : null;
    case 'set':
      return Number.isSafeInteger(value.cents) && (value.cents as number) >= 0 && (value.cents as number) <= MAX_CENTS
        ? { field, rounding, mode: 'set', cents: value.cents as number } : null;
    case 'priorLow':
      return isPriorDays(value.days) && PRIOR_LOW_FIELDS.includes(field) ? { field, rounding: NO_ROUNDING, mode: 'priorLow', days: value.days } : null;
    default:
      return null;
  }
}
