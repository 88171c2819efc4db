/**
 * The permission table: its rows are well formed, can() and whoCan() read them, and decision
 * 019's role matrix (docs/decisions/019-roles-and-permissions.md) says exactly what the table
 * enforces, row for row, so the record cannot drift from the code.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACTIONS, ALL_ROLES, can, PERMISSIONS, whoCan, type Action } from './permissions';

const RECORD = fileURLToPath(new URL('../../../docs/decisions/019-roles-and-permissions.md', import.meta.url));

/** The rows of the record's matrix: the table whose header starts with "| Action |". */
function recordMatrix(): Map<string, { owner: string; admin: string; member: string; denied: string; reason: string }> {
  const lines = readFileSync(RECORD, 'utf8').split('\n');
  const header = lines.findIndex((line) => /^\|\s*Action\s*\|/.test(line));
  if (header < 0) throw new Error('decision 019 has no "| Action |" table');
  const columns = lines[header]!.split('|').slice(1, -1).map((c) => c.trim());
  expect(columns.slice(0, 6)).toEqual(['Action', 'Owner', 'Admin', 'Member', 'Refused with', 'Reason']);
  const rows = new Map<string, { owner: string; admin: string; member: string; denied: string; reason: string }>();
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [action, owner, admin, member, denied, reason] = line.split('|').slice(1, -1).map((c) => c.trim());
    const name = action!.replace(/`/g, '');
    expect(rows.has(name), `${name} appears twice`).toBe(false);
    rows.set(name, { owner: owner!, admin: admin!, member: member!, denied: denied!, reason: reason! });
  }
  return rows;
}

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

describe('decision 019', () => {
  it('has one matrix row per action, saying what the table enforces and why', () => {
    const rows = recordMatrix();
    expect([...rows.keys()].sort()).toEqual([...ACTIONS].sort());
    for (const action of ACTIONS) {
      const row = rows.get(action)!;
      const { roles, denied, reason } = PERMISSIONS[action];
      const cell = (role: 'owner' | 'admin' | 'member') => (roles.includes(role) ? 'yes' : 'no');
      expect({ owner: row.owner, admin: row.admin, member: row.member }, action).toEqual({
        owner: cell('owner'), admin: cell('admin'), member: cell('member'),
      });
      expect(row.denied, action).toBe(denied || '\u2014');
      expect(row.reason, action).toBe(reason);
    }
  });
});
