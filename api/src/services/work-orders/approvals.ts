/**
 * Approvals of members' work orders (issue 19): a company's settings as the API speaks them,
 * whether a new order waits, and the email that tells the member who made an order that it was
 * approved or rejected (with SMTP; the app tells them on the order's card either way).
 */
import { html } from 'hono/html';
import { displayName } from '@catalog/contracts/auth';
import type { CompanySettings } from '@catalog/contracts/company-settings';
import { planHasFeature } from '@catalog/contracts/plans';
import type { Company, Database, WorkOrder } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';

/**
 * The company's settings. Approval is on only while the plan includes it: after a downgrade the
 * stored choice is kept (an upgrade brings it back) but reads, and acts, as off.
 */
export function companySettingsOf(company: Company): CompanySettings {
  return {
    ordersNeedApproval: company.ordersNeedApproval && planHasFeature(company.subscriptionPlan, 'approvals'),
    guardrailThresholdPercent: company.guardrailThresholdPercent,
    retailFloor: company.retailFloor,
    blockingGuardrails: company.blockingGuardrails,
    priorPriceDays: company.priorPriceDays,
    priorPriceShownAs: company.priorPriceShownAs,
    publishPriorPrice: company.publishPriorPrice,
  };
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The email to the creator of an order an owner or admin approved or rejected. */
export function decisionEmail(
  order: Pick<WorkOrder, 'title'>, decision: { approved: true; by: string } | { approved: false; by: string; reason: string }, ordersUrl: string | null,
) {
  const what = decision.approved ? 'was approved' : 'was rejected';
  const subject = oneLine(`Work order "${order.title}" ${what}`);
  const detail = decision.approved
    ? `${decision.by} approved it; it runs now, or at its scheduled time if that is still to come.`
    : `${decision.by} rejected it: ${decision.reason}`;
  const text = [
    `Your work order "${oneLine(order.title)}" ${what}.`, '', detail, '',
    ordersUrl ? `Open your work orders: ${ordersUrl}` : 'Open Work Orders in Catalog Pilot to see it.',
  ].join('\n');
  const page = html`<!doctype html>
<html lang="en"><body style="font-family: Arial, sans-serif; color: #1a1b1e; line-height: 1.5;">
<p>Your work order <strong>${order.title}</strong> ${what}.</p>
<p>${detail}</p>
<p>${ordersUrl ? html`<a href="${ordersUrl}">Open your work orders</a>` : 'Open Work Orders in Catalog Pilot to see it.'}</p>
</body></html>`;
  return { subject, text, html: String(page) };
}

/**
 * Emails the order's creator about the decision (nothing without a mailer, nor for a creator who
 * left the company or made it themselves). A failed send is logged, never the request's failure.
 */
export async function tellCreator(
  deps: { db: Database; mailer?: Mailer | null; publicUrl?: string | null; logger: Logger },
  order: WorkOrder,
  decider: { id: string; firstName: string | null; lastName: string | null; email: string },
  reason: string | null,
): Promise<void> {
  if (!deps.mailer || !order.createdBy || order.createdBy === decider.id) return;
  const creator = await deps.db.users.getById(order.companyId, order.createdBy);
  if (!creator || !creator.isActive) return;
  const by = displayName(decider);
  const url = deps.publicUrl ? `${deps.publicUrl}/work-orders` : null;
  const content = decisionEmail(order, reason === null ? { approved: true, by } : { approved: false, by, reason }, url);
  await deps.mailer.send({ to: creator.email, ...content }).catch((err: unknown) =>
    deps.logger.warn('work order decision email failed', { workOrderId: order.id, error: err instanceof Error ? err.message : String(err) }));
}
