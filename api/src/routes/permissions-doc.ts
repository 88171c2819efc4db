/**
 * docs/permissions.md, written from the two tables that decide access: the permission table
 * (packages/contracts/src/permissions.ts: who may do what, the 403 message, why) and the route
 * table (route-table.ts: which routes each action guards, which are public, a webhook, or about
 * the caller themselves). permissions-doc.test.ts fails when the file and the tables differ, and
 * writes it anew with `npm test -- --project api api/src/routes/permissions-doc.test.ts -u`.
 */
import { ACTIONS, PERMISSIONS } from '@catalog/contracts/permissions';
import { ROUTE_TABLE, type RouteSpec } from './route-table';

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (routes: string[]) => routes.map((r) => `\`${r}\``).join(', ');

export function renderPermissionsDoc(): string {
  const routes = Object.entries(ROUTE_TABLE) as Array<[string, RouteSpec]>;
  const routesOf = (access: string) => routes.filter(([, spec]) => spec.access === access).map(([route]) => route).sort();
  const lines = [
    '# Who may do what',
    '',
    '<!-- Written by api/src/routes/permissions-doc.ts from packages/contracts/src/permissions.ts and',
    '     api/src/routes/route-table.ts; do not edit by hand. Decision 019 says why roles work this way. -->',
    '',
    '`yes`: the role may; `no`: the API answers 403 `FORBIDDEN` with the message shown, and the web',
    'app disables the control with that message as its tooltip. Every route acts on the caller\'s own',
    'company only.',
    '',
    '| Action | Owner | Admin | Member | Refused with | Reason | Routes |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...ACTIONS.map((action) => {
      const { roles, denied, reason } = PERMISSIONS[action];
      const yes = (role: 'owner' | 'admin' | 'member') => (roles.includes(role) ? 'yes' : 'no');
      return `| \`${action}\` | ${yes('owner')} | ${yes('admin')} | ${yes('member')} | ${denied ? cell(denied) : '\u2014'} | ${cell(reason)} | ${code(routesOf(action))} |`;
    }),
    '',
    '## Routes without a company action',
    '',
    `- **Public** (anyone, signed in or not): ${code(routesOf('public'))}.`,
    `- **About the caller themselves** (any signed-in user): ${code(routesOf('self'))}.`,
    `- **Webhooks** (a provider's signature, or the secret our store webhooks were registered with, instead of a user): ${code(routesOf('webhook'))}.`,
    '',
    'Anonymous callers get 401 on every other route.',
    '',
  ];
  return lines.join('\n');
}
