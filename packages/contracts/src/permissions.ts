/**
 * Who may do what in a company: the one permission table. The API's guards
 * (api/src/middleware/require-permission.ts) and the web app's controls (hidden or disabled
 * with `whoCan(action)` as their tooltip) both read it; decision 019 explains the roles, and
 * docs/permissions.md is this table with each action's routes (written from it).
 *
 * An action not listed here is not a company action (signing in, reading one's own profile,
 * accepting an invitation addressed to oneself): every signed-in user may do it.
 */
import type { Role } from './roles';

export const ALL_ROLES: readonly Role[] = ['owner', 'admin', 'member'];
/** The roles that manage the company: its store connection, its team, its plan. */
export const MANAGER_ROLES: readonly Role[] = ['owner', 'admin'];

export interface Permission {
  /** The roles allowed; everyone else gets 403 FORBIDDEN with `denied`. */
  roles: readonly Role[];
  /** The 403 message, also the tooltip of a control the role may not use. */
  denied: string;
  /** Why the row is as it is (docs/permissions.md shows it). */
  reason: string;
}

const managersOnly = (what: string, reason: string): Permission => ({
  roles: MANAGER_ROLES,
  denied: `Only owners and admins can ${what}`,
  reason,
});
const everyone = (reason: string): Permission => ({ roles: ALL_ROLES, denied: '', reason });

/**
 * Who may create (and so run) work orders. Restoring a backup creates a work order, and
 * comparing and downloading serve that restore, so the backups rows take these roles (issue 17).
 */
const workOrdersCreate = everyone('Creating and running work orders is the everyday work the product is for.');
const likeWorkOrders = (what: string, reason: string): Permission => ({
  roles: workOrdersCreate.roles,
  denied: workOrdersCreate.roles.length === ALL_ROLES.length ? '' : `Only the roles that create work orders can ${what}`,
  reason,
});

export const PERMISSIONS = {
  'catalog.read': everyone('Everyone in the company works with the catalog: browse, search, price history.'),
  'catalog.sync': everyone('A sync only copies the store into the app; it changes nothing in the store.'),
  'catalog.editPrice': everyone('Editing prices is the everyday work the product is for (spec: every signed-in user).'),
  'catalog.deleteAll': managersOnly('delete all products', 'Empties the company catalog and its price history for everyone.'),
  'priceHistory.export': managersOnly(
    'export the price history for audits',
    'The audit file is the company\u2019s record of every price change of up to a year, with the email of whoever made or approved each: the managers answer for it (issue 36).',
  ),
  'workOrders.read': everyone('Everyone sees what will change and what changed.'),
  'workOrders.create': workOrdersCreate,
  'workOrders.delete': everyone('Only pending orders can be deleted; nothing reached the store yet.'),
  'workOrders.archive': everyone('Archiving only hides an order from the default list.'),
  'workOrders.undo': everyone('Undo restores the prices an order replaced; anyone who may run orders may revert one.'),
  'workOrders.approve': managersOnly('approve or reject work orders', 'When the company requires approval, an owner or admin decides whether a member\u2019s order runs; a member cannot approve, not even their own.'),
  'backups.read': likeWorkOrders('see backups', 'Backups are what a restore starts from; whoever may restore sees them (Premium).'),
  'backups.create': likeWorkOrders('back up the catalog', 'A backup only records prices; it changes nothing in the store (Premium).'),
  'backups.compare': likeWorkOrders('compare backups', 'Comparing reads prices and their history, to decide what to restore (Premium).'),
  'backups.restore': likeWorkOrders('restore backups', 'A restore creates a work order, previewed and undoable as any other: the roles that create work orders (Premium).'),
  'backups.download': likeWorkOrders('download backups', 'A backup as CSV holds only the prices everyone in the company already sees (Premium).'),
  'settings.read': everyone('Members see which store is connected; the access token is never sent back whole.'),
  'settings.update': managersOnly('change store settings', 'The store connection holds live credentials and decides where every price is written.'),
  'settings.readPublication': managersOnly(
    'see how the lowest prior price is published to the storefront',
    'Its failures are about the store connection (a refused scope, a token to replace), which only the roles that connect the store can fix (issue 36).',
  ),
  'settings.adoptInstallation': {
    roles: ['owner'] as readonly Role[],
    denied: 'Only the company\u2019s owner can adopt an installation from BigCommerce',
    reason: 'Adopting puts the company on a store\u2019s BigCommerce installation: its token, its users, and what an uninstall does to the company\u2019s data (issue 34).',
  },
  'companySettings.read': everyone('Everyone sees whether their orders need approval and which guardrails block an order.'),
  'companySettings.update': managersOnly('change company settings', 'Approvals and blocking guardrails decide what members\u2019 orders may do.'),
  'team.read': everyone('Everyone sees who is in the team and who is invited.'),
  'team.rename': managersOnly('rename the company', 'The company name is shown to every member and in invitations.'),
  'team.invite': managersOnly('invite team members', 'An invitation grants access to the store connection; it also counts against the plan.'),
  'team.cancelInvitation': managersOnly('cancel invitations', 'The roles that invite decide who stays invited; a member could otherwise withdraw an owner\u2019s invitation.'),
  'team.removeMember': managersOnly('remove team members', 'Removing someone ends their access to the company; never an owner, never oneself (canRemoveMember).'),
  'subscription.read': everyone('Everyone sees the plan and its limits.'),
  'subscription.change': managersOnly('change the subscription', 'Buying, changing or cancelling the plan spends the company\u2019s money.'),
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof PERMISSIONS;

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** Whether `role` may do `action`. */
export function can(role: Role, action: Action): boolean {
  return PERMISSIONS[action].roles.includes(role);
}

/** Who may do `action`, for a disabled control's tooltip: "Only owners and admins can ...". */
export function whoCan(action: Action): string {
  return PERMISSIONS[action].denied;
}
