/**
 * Whether a price edit saved now will wait for an owner's or admin's approval (issue 31): the
 * user is a member and the company requires approval on a plan with approvals (contracts
 * needsApproval, the rule the server's price gate applies). The product's panel says so before
 * the user saves. Only a hint: until the user and the settings are read (or when they cannot
 * be, offline) it is false, and the server's answer decides (outbox-sender.ts).
 */
import { planHasFeature } from '@catalog/contracts/plans';
import { needsApproval } from '@catalog/contracts/work-order-rules';
import { useApiQuery } from '../../../lib/api-query';
import { COMPANY_SETTINGS_QUERY, getCompanySettings } from '../../../lib/company-settings';
import { useCurrentUser } from '../../../lib/current-user';

/** Settings read longer ago than this are read again when a panel opens (an owner may have changed them). */
const SETTINGS_STALE_MS = 60_000;

export const EDITS_NEED_APPROVAL_HINT =
  "Your company requires approval: a price change you save here is sent as a work order and waits for an owner's or admin's approval.";

export function useEditsNeedApproval(): boolean {
  const user = useCurrentUser().data;
  // Only a member's edits can wait: owners and admins never read the settings for this.
  const member = user?.role === 'member';
  const settings = useApiQuery(COMPANY_SETTINGS_QUERY, getCompanySettings, { enabled: member, staleTime: SETTINGS_STALE_MS }).data;
  if (!user || !settings) return false;
  return needsApproval(user.role, settings, planHasFeature(user.company.subscriptionPlan, 'approvals'));
}
