/**
 * The parts of an OpenAPI operation a route table row decides besides its schemas: its id, who
 * may call it (in words), what it answers on success (JSON, a stream, a file, a redirect) and
 * which errors its checks can answer (each in the one error shape).
 */
import type { z } from 'zod';
import { ERROR_STATUS, ErrorCode } from '@catalog/contracts/errors';
import { PERMISSIONS, type Action } from '@catalog/contracts/permissions';
import { PLAN_FEATURES } from '@catalog/contracts/plans';
import type { RouteSpec } from '../route-table';

/** "GET /api/work-orders/:id/undo-preview" -> getWorkOrdersByIdUndoPreview. */
export function operationId(method: string, path: string): string {
  const words = path.replace(/^\/api\//, '').split(/[/.-]/).filter(Boolean)
    .map((word) => (word.startsWith(':') ? `By${capital(word.slice(1))}` : capital(word)));
  return `${method.toLowerCase()}${words.join('')}`;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Who may call the route, in words: the roles of its action, the plans of its feature, a verified email. */
export function accessNote(spec: RouteSpec): string | undefined {
  const notes: string[] = [];
  if (spec.access === 'self') notes.push('Any signed-in user, about themselves.');
  else if (spec.access !== 'public' && spec.access !== 'webhook') {
    notes.push(`Permission \`${spec.access}\`: ${PERMISSIONS[spec.access as Action].roles.join(', ')}.`);
  }
  if (spec.verifiedEmail) notes.push('The caller\u2019s token must say their email is verified.');
  if (spec.planFeature) notes.push(`Plans: ${PLAN_FEATURES[spec.planFeature].join(', ')}.`);
  return notes.length > 0 ? notes.join(' ') : undefined;
}

/** The success answers of a row: its `responses`' schemas as JSON, else what kind of answer it gives. */
export function successAnswers(spec: RouteSpec, schemaRef: (schema: z.ZodType) => unknown): Record<string, unknown> {
  if (spec.stream) return { 200: { description: 'Progress as Server-Sent Events', content: { 'text/event-stream': { schema: { type: 'string' } } } } };
  if (spec.file) return { 200: { description: 'A CSV file (an attachment)', content: { 'text/csv': { schema: { type: 'string' } } } } };
  if (spec.redirect) return { 302: { description: 'To the sign-in page', headers: { Location: { schema: { type: 'string' } } } } };
  const answers = Object.entries(spec.responses ?? { 200: null });
  return Object.fromEntries(answers.map(([status, schema]) => [status, {
    description: status === '201' ? 'Created' : status === '202' ? 'Accepted' : 'OK',
    content: { 'application/json': schema ? { schema: schemaRef(schema) } : {} },
  }]));
}

/** The error answers every operation refers to (`#/components/responses/{name}`), each in the one error shape. */
export function errorResponses(errorBody: unknown): Record<ErrorAnswer, unknown> {
  const answer = (description: string) => ({ description, content: { 'application/json': { schema: errorBody } } });
  return {
    Invalid: answer(`${ErrorCode.VALIDATION}: the query or the body is invalid; \`fields\` says which field and why`),
    Unauthenticated: answer(`${ErrorCode.UNAUTHENTICATED}: no valid identity token, or a webhook without its secret`),
    Refused: answer(
      `${ErrorCode.FORBIDDEN} (the caller\u2019s role may not), ${ErrorCode.EMAIL_NOT_VERIFIED} or ${ErrorCode.PLAN_LIMIT} `
      + '(the company\u2019s plan lacks the feature), as the operation\u2019s description says',
    ),
    NotFound: answer(`${ErrorCode.NOT_FOUND}: absent, malformed, or another company\u2019s`),
    Error: answer('Any other error (a conflict, a rate limit, the store failing), in the same shape'),
  };
}

type ErrorAnswer = 'Invalid' | 'Unauthenticated' | 'Refused' | 'NotFound' | 'Error';

/** The error answers the row's own checks can give, by status, and any other (`default`). */
export function errorAnswers(spec: RouteSpec): Record<string, unknown> {
  const signedIn = spec.access !== 'public' && spec.access !== 'webhook';
  const answers: [ErrorCode, ErrorAnswer, boolean][] = [
    [ErrorCode.VALIDATION, 'Invalid', Boolean(spec.query || spec.body)],
    [ErrorCode.UNAUTHENTICATED, 'Unauthenticated', signedIn || spec.verifiedBy === 'storeWebhookSecret'],
    [ErrorCode.FORBIDDEN, 'Refused', (signedIn && spec.access !== 'self') || Boolean(spec.verifiedEmail)],
    [ErrorCode.NOT_FOUND, 'NotFound', Boolean(spec.params)],
  ];
  const ref = (name: ErrorAnswer) => ({ $ref: `#/components/responses/${name}` });
  return {
    ...Object.fromEntries(answers.filter(([, , applies]) => applies).map(([code, name]) => [String(ERROR_STATUS[code]), ref(name)])),
    default: ref('Error'),
  };
}
