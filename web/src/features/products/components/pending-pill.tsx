/**
 * "Pending": a price edit made on this device waits in the outbox (offline, or being sent).
 * The title says what it means for the merchant.
 */
import { Pill } from './pill';

export const PENDING_LABEL = 'Pending';
export const PENDING_TITLE = 'Changed on this device; it will be sent to your store when the connection allows.';

export function PendingPill() {
  return (
    <Pill tone="blue" title={PENDING_TITLE}>
      {PENDING_LABEL}
    </Pill>
  );
}
