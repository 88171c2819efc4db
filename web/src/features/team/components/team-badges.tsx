/**
 * The badges of the Team page: a person's role (owner, admin, member) and an invitation's
 * status (spec section 4: pending yellow, accepted green, expired red). Each badge says its
 * meaning in words, so colour is never the only cue; colours are chosen so the text keeps a
 * contrast of 4.5:1 or more in both colour schemes.
 */
import { Badge } from '@mantine/core';
import type { Role } from '@catalog/contracts/auth';
import type { InvitationStatus } from '@catalog/contracts/team';

export const ROLE_LABELS: Readonly<Record<Role, string>> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

const ROLE_COLORS: Readonly<Record<Role, string>> = { owner: 'indigo', admin: 'violet', member: 'gray' };

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="filled">
      {ROLE_LABELS[role]}
    </Badge>
  );
}

const STATUS: Readonly<Record<InvitationStatus, { label: string; color: string }>> = {
  pending: { label: 'Pending', color: 'yellow.3' },
  accepted: { label: 'Accepted', color: 'green.3' },
  expired: { label: 'Expired', color: 'red.3' },
  // No list shows a cancelled invitation (the API leaves it out); named for completeness.
  cancelled: { label: 'Cancelled', color: 'gray.3' },
};

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const { label, color } = STATUS[status];
  // Light fills with dark text (autoContrast): yellow and green fills under white text fail contrast.
  return (
    <Badge color={color} variant="filled" autoContrast>
      {label}
    </Badge>
  );
}
