/**
 * A moment near now in words, for states that change by themselves (the storefront
 * publication's last run and next try): "just now", "5 minutes ago", "in 2 hours", "yesterday".
 * The exact time goes beside it (formatDateTime), in a title or a line of its own.
 */

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
/** Closer than this is "just now" (past) or "in a moment" (to come). */
const MOMENT_MS = 45_000;

const words = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

export function relativeTime(iso: string, now: Date): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const diff = at - now.getTime();
  if (Math.abs(diff) < MOMENT_MS) return diff <= 0 ? 'just now' : 'in a moment';
  const [unit, ms] = UNITS.find(([, size]) => Math.abs(diff) >= size) ?? UNITS[UNITS.length - 1]!;
  // Rounded away from now alike in both directions (Math.round alone rounds -1.5 to -1).
  return words.format(Math.sign(diff) * Math.round(Math.abs(diff) / ms), unit);
}
