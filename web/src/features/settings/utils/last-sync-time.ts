/** The settings screen's 'Last sync' line: 'Mar 3, 2025 at 4:05 PM' (spec section 9), or 'Never'. */
import { formatDateTime } from '../../../lib/format-date-time';

export function formatLastSync(lastSyncAt: string | null | undefined): string {
  if (!lastSyncAt) return 'Never';
  return formatDateTime(lastSyncAt) || 'Never';
}
