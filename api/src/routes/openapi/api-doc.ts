/**
 * docs/api.md, the API reference people read: each area of the route table as a table of its
 * routes (method, path, who may call it, summary), then the fields of each route's query and
 * body, read from the OpenAPI document (openapi.ts) so both say the same. openapi.test.ts fails
 * when the file and the table differ, and writes it anew with `-u`.
 */
import type { RouteSpec } from '../route-table';
import { ROUTE_AREAS } from '../route-table';
import { COMPONENTS, type JsonSchema } from './json-schemas';
import type { OpenApiDocument } from './openapi';
import { SECURITY_SCHEMES } from './openapi';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** Who may call the route, in a few words. */
function accessOf(spec: RouteSpec): string {
  const parts = [
    spec.access === 'public' ? 'public'
      : spec.access === 'webhook' ? `webhook (\`${SECURITY_SCHEMES[spec.verifiedBy!].name}\`)`
        : spec.access === 'self' ? 'signed in' : `\`${spec.access}\``,
  ];
  if (spec.verifiedEmail) parts.push('verified email');
  if (spec.planFeature) parts.push(`plan with \`${spec.planFeature}\``);
  return parts.join(', ');
}

/** A JSON Schema's type in a few words: `string`, `MoneyString`, `WorkOrderItem[]`, `"a" \| "b"`. */
function typeOf(json: JsonSchema | undefined): string {
  if (!json) return 'any';
  if (typeof json.$ref === 'string') return json.$ref.slice(COMPONENTS.length);
  const union = (json.anyOf ?? json.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map(typeOf).join(' | ');
  if (Array.isArray(json.enum)) return json.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (json.const !== undefined) return JSON.stringify(json.const);
  if (Array.isArray(json.type)) return json.type.join(' | ');
  if (json.type === 'array') return `${typeOf(json.items as JsonSchema | undefined)}[]`;
  if (json.type === 'string' && typeof json.format === 'string') return `string (${json.format})`;
  return typeof json.type === 'string' ? json.type : 'any';
}

/** A table of fields: name, type, whether it must be given. */
function fieldTable(fields: { name: string; schema: JsonSchema | undefined; required: boolean }[]): string[] {
  return [
    '| Field | Type | Required |',
    '| --- | --- | --- |',
    ...fields.map((f) => `| \`${f.name}\` | ${cell(typeOf(f.schema))} | ${f.required ? 'yes' : 'no'} |`),
  ];
}

export function renderApiDoc(document: OpenApiDocument): string {
  const lines = [
    '# The API',
    '',
    '<!-- Written by api/src/routes/openapi/api-doc.ts from the route table (api/src/routes/route-table.ts);',
    '     do not edit by hand. The same API as an OpenAPI 3.1 document: GET /api/openapi.json, docs/openapi.json. -->',
    '',
    'Every route is under `/api` and acts on the caller\u2019s own company. Signed-in routes take',
    '`Authorization: Bearer <Firebase ID token>`; who may call each is the permission table\u2019s',
    '(docs/permissions.md). Every error answers `{ "error": { "code", "message", "fields"? } }`;',
    'a path value that does not parse is a 404, as an absent record is. Types named in the field',
    'tables are the schemas of docs/openapi.json.',
    '',
  ];
  for (const { name, rows } of ROUTE_AREAS) {
    const routes = Object.entries(rows) as [string, RouteSpec][];
    lines.push(`## ${name}`, '', '| Method | Path | Access | Summary |', '| --- | --- | --- | --- |');
    for (const [key, spec] of routes) {
      const [method, path] = key.split(' ') as [string, string];
      lines.push(`| \`${method}\` | \`${path}\` | ${cell(accessOf(spec))} | ${cell(spec.summary)} |`);
    }
    lines.push('');
    for (const [key, spec] of routes) {
      const [method, path] = key.split(' ') as [string, string];
      const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]![method.toLowerCase()] as {
        parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[];
        requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
      };
      const query = operation.parameters.filter((p) => p.in === 'query');
      const bodyRef = operation.requestBody?.content['application/json'].schema.$ref as string | undefined;
      if (query.length === 0 && !bodyRef) continue;
      lines.push(`### \`${key}\``, '');
      if (query.length > 0) lines.push('Query:', '', ...fieldTable(query), '');
      if (bodyRef) {
        const body = document.components.schemas[bodyRef.slice(COMPONENTS.length)]!;
        const required = new Set((body.required as string[] | undefined) ?? []);
        const fields = Object.entries((body.properties ?? {}) as Record<string, JsonSchema>)
          .map(([field, schema]) => ({ name: field, schema, required: required.has(field) }));
        lines.push(`Body (\`${bodyRef.slice(COMPONENTS.length)}\`${spec.optionalBody ? ', optional' : ''}):`, '', ...fieldTable(fields), '');
      }
    }
  }
  return lines.join('\n');
}
