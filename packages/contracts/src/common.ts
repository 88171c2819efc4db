/**
 * Building blocks every resource shares: ids, ISO timestamps, path parameters, bounded text
 * and query numbers (every request schema is built from them, so a length is checked before
 * any parsing and no control character reaches a database), the plain `{ message }` result of
 * write calls, and the health check.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** The most characters a field of each kind takes (UTF-16 code units, as `string.length`). */
export const TEXT_LIMITS = {
  /** A price string ("99999999.99" is 11; some room for spaces and leading zeros). */
  money: 14,
  /** A person's, product's or company's name, a SKU. */
  name: 255,
  /** RFC 5321's limit on a forward path. */
  email: 254,
  search: 200,
  title: 200,
  /** An invitation token or id in a path. */
  token: 200,
  /** A store credential (access token, client id). */
  credential: 200,
  /** A query parameter that is a number or a flag. */
  queryValue: 16,
} as const;

/** The most characters a whole query string takes (after the `?`, still percent-encoded). */
export const MAX_QUERY_LENGTH = 4096;

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** What a single-line field refuses besides: tab, line breaks, U+2028 and U+2029. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;
/** A UTF-16 surrogate without its pair (not text: it cannot be encoded as UTF-8). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Bidirectional controls: the embeddings and overrides (U+202A-U+202E) and the isolates
 * (U+2066-U+2069). Invisible, they reorder what follows them, so a name can read as something it
 * is not ("Acme\u202Egnp.exe" shows as "Acmeexe.png") in the app, an email or a spreadsheet.
 * Marks (U+200E, U+200F) stay: they only nudge neutral characters in right-to-left text.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * `value` without bidirectional controls: the one rule for every name people read (a company's,
 * a person's, a work order's title), applied by `boundedText` to every text a request carries and
 * by the API to the names a sign-in token brings (issue 31).
 */
export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROL, '');
}

/**
 * Whether `value` holds a character no text field takes: a NUL or another control character,
 * an unpaired surrogate, and in a single-line field a tab or a line break.
 */
export function hasForbiddenCharacter(value: string, options: { multiline?: boolean } = {}): boolean {
  return CONTROL.test(value) || LONE_SURROGATE.test(value) || (!options.multiline && LINE_BREAK.test(value));
}

export interface TextOptions {
  /** The field as a person reads it ("Title"), for the messages. Default: "This field". */
  label?: string;
  /** Tabs and line breaks allowed (no request field is multi-line today). */
  multiline?: boolean;
  /** The message for a value that is not a string (a form's "please enter" message). */
  error?: string;
  /** The message for a value over `max`. Default: "{label} has at most {max} characters". */
  tooLong?: string;
  /**
   * Trim the value (after the checks): a line break or tab at either end (a pasted credential's
   * trailing newline) is then trimmed away rather than refused; inside the text it still is.
   */
  trim?: boolean;
}

/**
 * A string of at most `max` characters without control characters or unpaired surrogates:
 * the length is checked first and stops everything after it (no trim, no regex, no parse runs
 * on a megabyte), then the characters. Bidirectional controls are removed, not refused
 * (withoutBidiControls), before any trim and whatever is chained after: a name of nothing but
 * them is empty. Chain `.min()`, `.regex()` after it.
 */
export function boundedText(max: number, options: TextOptions = {}) {
  const label = options.label ?? 'This field';
  const checked = z
    .string(options.error === undefined ? undefined : { error: options.error })
    .max(max, { error: options.tooLong ?? `${label} has at most ${max} characters`, abort: true })
    .refine((value) => !hasForbiddenCharacter(options.trim ? value.trim() : value, options), {
      error: `${label} contains a character that is not allowed (a control character or an unpaired surrogate)`,
      abort: true,
    })
    .overwrite(withoutBidiControls);
  return options.trim ? checked.trim() : checked;
}

/** A one-line text field: `boundedText` refusing tabs and line breaks (the default). */
export const singleLineText = (max: number, options: Omit<TextOptions, 'multiline'> = {}) => boundedText(max, options);

/**
 * An email address, the one check every form and request makes of one (an invitation, the
 * sign-in form): trimmed, at most TEXT_LIMITS.email characters, lower-cased (accounts are
 * matched so), in the shape zod's `z.email()` accepts. `error` is the one message for anything
 * wrong with it.
 */
export const emailAddress = (error: string) =>
  singleLineText(TEXT_LIMITS.email, { label: 'The email address', error, tooLong: error, trim: true })
    .toLowerCase()
    .pipe(z.email({ error }));

/**
 * A whole number in `[min, max]` from a query string (digits only: "0x10", "1e3", "-0" and
 * " 7" are refused, not read by Number) or from a number (the web client may pass one).
 */
export function queryInt(min: number, max: number, label = 'This value') {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z
    .union([z.number({ error: message }), boundedText(TEXT_LIMITS.queryValue, { label, error: message }).regex(/^\d+$/, { error: message })], {
      error: message,
    })
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }));
}

/** A true/false flag from a query string ("true", "1", "yes", "on" and their opposites). */
export const queryFlag = (label = 'This flag') =>
  boundedText(TEXT_LIMITS.queryValue, { label }).pipe(z.stringbool({ error: `${label} must be true or false` }));

/** A timestamp on the wire: ISO 8601 with a zone ("2025-03-01T09:30:00.000Z" or "+02:00"). */
export const IsoDateTime = lazySchema(() => z.iso.datetime({ offset: true, error: 'Enter a valid date and time' }));
export type IsoDateTime = z.infer<typeof IsoDateTime>;

/**
 * Products, variants and price history entries are numbered by the server (products and
 * variants keep the store's own ids). Invitations and users are keyed by UUIDs.
 */
export const IntId = lazySchema(() => z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
export type IntId = z.infer<typeof IntId>;

/** Records a device may create offline (work orders) carry a client-generated UUID. */
export const Uuid = lazySchema(() => z.uuid());

/** `/:id` for numbered records: digits only, so "1e3" or "0x10" never reach a query. */
export const IntIdParam = lazySchema(() =>
  z.object({
    id: boundedText(TEXT_LIMITS.queryValue, { label: 'The id', error: 'Not a valid id' })
      .regex(/^[1-9]\d{0,15}$/, { error: 'Not a valid id' })
      .transform(Number),
  }),
);
export type IntIdParam = z.infer<typeof IntIdParam>;

/** `/:id` for records keyed by a UUID. */
export const UuidParam = lazySchema(() =>
  z.object({
    id: boundedText(36, { label: 'The id', error: 'Not a valid id', tooLong: 'Not a valid id' }).pipe(z.uuid({ error: 'Not a valid id' })),
  }),
);
export type UuidParam = z.infer<typeof UuidParam>;

/** `/:token` for invitation links and their accept call (which also takes an id). */
export const TokenParam = lazySchema(() =>
  z.object({ token: singleLineText(TEXT_LIMITS.token, { label: 'The invitation', trim: true }).min(1) }),
);
export type TokenParam = z.infer<typeof TokenParam>;

/** What write calls without a richer result return, e.g. DELETE /api/products/all. */
export const MessageResponse = lazySchema(() => z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof MessageResponse>;

export const DbDialect = lazySchema(() => z.enum(['sqlite', 'postgres']));
export type DbDialect = z.infer<typeof DbDialect>;

/** GET /api/health: the process is up and its database answers. */
export const HealthResponse = lazySchema(() =>
  z.object({
    status: z.literal('ok'),
    db: DbDialect,
  }),
);
export type HealthResponse = z.infer<typeof HealthResponse>;
