/**
 * Telling people about an order nobody was watching (issue 18): a scheduled run or an end-time
 * revert that failed or ended with a read-back warning. The order is marked `needsAttention`
 * (the dashboard shows it until someone opens it; executor.ts) and, when SMTP is configured,
 * the company's active managers (contracts permissions.ts MANAGER_ROLES: owners and admins) get an
 * email naming the order and what went wrong.
 */
import { MANAGER_ROLES } from '@catalog/contracts/permissions';
import { html } from 'hono/html';
import type { Database, WorkOrder } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** `ordersUrl`: the Work Orders screen's address (PUBLIC_URL); null says where to look instead. */
export function attentionEmail(order: Pick<WorkOrder, 'title' | 'status'>, problem: string, ordersUrl: string | null) {
  const what = order.status === 'failed' ? 'failed' : order.status === 'undone' ? 'was reverted with a warning' : 'needs a look';
  const subject = oneLine(`Work order "${order.title}" ${what}`);
  const text = [
    `The work order "${oneLine(order.title)}" ${what}.`,
    '',
    problem,
    '',
    ordersUrl ? `Open your work orders: ${ordersUrl}` : 'Open Work Orders in Catalog Pilot to see it.',
  ].join('\n');
  const page = html`<!doctype html>
<html lang="en"><body style="font-family: Arial, sans-serif; color: #1a1b1e; line-height: 1.5;">
<p>The work order <strong>${order.title}</strong> ${what}.</p>
<p>${problem}</p>
<p>${ordersUrl ? html`<a href="${ordersUrl}">Open your work orders</a>` : 'Open Work Orders in Catalog Pilot to see it.'}</p>
</body></html>`;
  return { subject, text, html: String(page) };
}

/** The executor's `alert`: emails the owners and admins (nothing without a mailer). */
export function workOrderAlerts(deps: { db: Database; mailer: Mailer | null; publicUrl?: string; logger: Logger }) {
  return async (order: WorkOrder, problem: string): Promise<void> => {
    if (!deps.mailer) return;
    const people = (await deps.db.users.listByCompany(order.companyId)).filter((u) => u.isActive && MANAGER_ROLES.includes(u.role));
    const url = deps.publicUrl ? `${deps.publicUrl}/work-orders` : null;
    const content = attentionEmail(order, problem, url);
    for (const person of people) {
      await deps.mailer.send({ to: person.email, ...content }).catch((err: unknown) =>
        deps.logger.warn('work order alert email failed', { workOrderId: order.id, error: err instanceof Error ? err.message : String(err) }));
    }
  };
}
