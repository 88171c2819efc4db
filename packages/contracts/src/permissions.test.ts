/**
 * The permission table: its rows are well formed, and can() and whoCan() read them. (The table as
 * a document is docs/permissions.md, written from it: api/src/routes/permissions-doc.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS, ALL_ROLES, can, PERMISSIONS, whoCan, type Action } from './permissions';

describe('PERMISSIONS', () => {
  it('allows owners everything, and refuses with a message only when some role is refused', () => {
    for (const action of ACTIONS) {
      const row = PERMISSIONS[action];
      expect(row.roles, action).toContain('owner');
      expect(row.reason.length, action).toBeGreaterThan(10);
      if (row.roles.length === ALL_ROLES.length) expect(row.denied, action).toBe('');
      else expect(row.denied, action).toMatch(/^Only .+ can .+[^.]$/);
    }
  });

  it('answers can() and whoCan() from the rows', () => {
    expect(can('member', 'workOrders.create')).toBe(true);
    expect(can('member', 'settings.update')).toBe(false);
    expect(can('admin', 'settings.update')).toBe(true);
    expect(whoCan('team.invite')).toBe('Only owners and admins can invite team members');
    expect(whoCan('subscription.change')).toBe('Only owners and admins can change the subscription');
  });

  it('keeps the 403 messages the API has always sent', () => {
    const messages: Partial<Record<Action, string>> = {
      'settings.update': 'Only owners and admins can change store settings',
      'team.rename': 'Only owners and admins can rename the company',
      'team.removeMember': 'Only owners and admins can remove team members',
      'team.invite': 'Only owners and admins can invite team members',
      'team.cancelInvitation': 'Only owners and admins can cancel invitations',
      'catalog.deleteAll': 'Only owners and admins can delete all products',
      'subscription.change': 'Only owners and admins can change the subscription',
    };
    for (const [action, message] of Object.entries(messages)) expect(whoCan(action as Action)).toBe(message);
  });
});
