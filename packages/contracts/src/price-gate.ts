/**
 * The price gate (issue 31, decision 048): the one rule that decides, for any proposed change of
 * store prices, whether it runs now, waits for an owner's or admin's approval, or is refused
 * because it breaks a guardrail the company made blocking. The API's gate
 * (api/src/services/price-gate.ts) asks it on every path that can put a price in the store; the
 * device's preview reads the same guardrail rules (guardrails.ts) and the same approval rule
 * (needsApproval), so the screen says what the server will do.
 *
 * Paths and what they are checked for:
 * - `order`: a new work order (also a CSV import and the order a member's manual edit becomes);
 * - `change`: a change to an order's items, start or end (PATCH);
 * - `approve`: an owner or admin lets a waiting order run (guardrails again, at today's prices);
 * - `run`: the scheduler starts an order (guardrails and approvals again, at the store's prices
 *   and the company's settings of that moment);
 * - `manualEdit`: one product's or variant's price edited by hand;
 * - `restore`: a backup restored, by backup or as of a moment;
 * - `undo`, `end`: an order's own prices put back (by hand, or at its end). These pass the gate
 *   but no guardrail or approval stops them: they put back exactly the prices the store had
 *   before the order, only where nothing changed them since (the safe undo), and a company must
 *   always be able to take back an order, above all a wrong one. Decision 048 says why.
 */
import type { GuardrailItem, GuardrailSettings, GuardrailViolation } from './guardrails';
import { blockingViolations } from './guardrails';
import type { Role } from './roles';
import { needsApproval } from './work-order-rules';

export const PRICE_PATHS = ['order', 'change', 'approve', 'run', 'manualEdit', 'restore', 'undo', 'end'] as const;
export type PricePath = (typeof PRICE_PATHS)[number];

/** What each path is checked against: the blocking guardrails, and the company's approvals. */
export const PRICE_PATH_CHECKS: Record<PricePath, { guardrails: boolean; approval: boolean }> = {
  order: { guardrails: true, approval: true },
  change: { guardrails: true, approval: true },
  // An owner or admin is deciding: the approval is theirs to give.
  approve: { guardrails: true, approval: false },
  run: { guardrails: true, approval: true },
  manualEdit: { guardrails: true, approval: true },
  restore: { guardrails: true, approval: true },
  undo: { guardrails: false, approval: false },
  end: { guardrails: false, approval: false },
};

export interface GateSettings extends GuardrailSettings {
  /** The company requires approval of members' orders, on a plan that includes approvals. */
  ordersNeedApproval: boolean;
}

export interface GateProposal {
  path: PricePath;
  /**
   * The role of who proposes the prices: the caller; at `run`, the role of whoever last proposed
   * the order's prices (its creator, or the member who changed it since).
   */
  role: Role;
  /** The order was approved by an owner or admin after its prices were last proposed (`run`). */
  approved?: boolean;
  /** Each item's prices before and after, cost and MSRP (guardrails.ts). */
  items: readonly GuardrailItem[];
}

export type GateDecision =
  | { outcome: 'run' }
  | { outcome: 'approval' }
  | { outcome: 'refused'; violations: GuardrailViolation[] };

/**
 * The decision. Guardrails first: a blocked change is refused whoever proposes it (an approval
 * cannot lift a blocking rule; the company turns the rule off for that). Then approvals: a
 * member's proposal waits while the company requires approval, unless an owner or admin has
 * approved exactly these prices.
 */
export function gateDecision(proposal: GateProposal, settings: GateSettings): GateDecision {
  const checks = PRICE_PATH_CHECKS[proposal.path];
  if (checks.guardrails) {
    const violations = blockingViolations(proposal.items, settings);
    if (violations.length > 0) return { outcome: 'refused', violations };
  }
  if (checks.approval && !proposal.approved && needsApproval(proposal.role, settings, true)) return { outcome: 'approval' };
  return { outcome: 'run' };
}

/** What a member's manual edit answers when it became an order awaiting approval (201). */
export function editSentForApprovalMessage(title: string): string {
  return `Your price change waits for an owner's or admin's approval: it was sent as the work order "${title}".`;
}

/**
 * The error of an order that, when it was due, broke a blocking guardrail at the store's prices
 * of then (`refusal`: the gate's message, "This order breaks your company's blocking guardrails: ...").
 */
export function refusedAtRunError(refusal: string): string {
  return `Not run: checked again at the store's prices when it was due. ${refusal} Nothing was changed.`;
}

/** The error of an order whose end had come before it could run (nothing is written, nothing undone). */
export const END_PASSED_BEFORE_RUN_ERROR = 'Not run: its end time had passed before it could run. Nothing was changed.';

/** Approving is refused (409) once the order's end has passed: it would run and undo itself at once. */
export const APPROVE_AFTER_END_MESSAGE = 'This work order\u2019s end time has passed: it can no longer run. Reject it, or ask for a new order.';

/**
 * Whether a member may move the end of an order that already ran while the company requires
 * approval: only nearer (or set one where there was none). Removing or postponing the end of an
 * approved sale would make a time-limited change last longer than what was approved.
 */
export function memberMayMoveEnd(from: Date | null, to: Date | null): boolean {
  if (to === null) return from === null;
  return from === null || to.getTime() <= from.getTime();
}

export const MEMBER_END_CHANGE_MESSAGE =
  'While your company requires approval, only an owner or admin can remove or postpone the end of a work order that has run. You can bring the end nearer.';
