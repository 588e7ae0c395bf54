/**
 * Domain (pure): turns a zod validation failure into one 400 `validation_error` whose message names every offending
 * field, so a client can fix its request in one round trip. One style everywhere:
 *
 *   body fields        'name' is required.  'location.country' must be ...  Unknown field 'colour'; check the spelling.
 *   query parameters   Query parameter 'limit' must be ...  Unknown query parameter 'limt'; check the spelling.
 *
 * Field schemas write their messages as the continuation of the field's name ("must be a string"); the name is put
 * in front here, with its full path inside lists and objects.
 */
import type * as z from 'zod';
import { ValidationError } from './errors';

type Issue = z.core.$ZodIssue;

/** What the names in a message are: fields of a JSON body, or parameters of a query string. */
export type InputKind = 'field' | 'query parameter';

const fieldName = (path: readonly PropertyKey[], prefix: string): string => {
  const parts = path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)));
  const joined = parts.join('.').replace(/\.\[/g, '[');
  return prefix ? (joined ? `${prefix}.${joined}` : prefix) : joined;
};

const sentence = (m: string) => (/[.!?]$/.test(m) ? m : `${m}.`);
const capitalised = (m: string) => m.charAt(0).toUpperCase() + m.slice(1);

function describeIssue(issue: Issue, prefix: string, kind: InputKind): string {
  const field = fieldName(issue.path, prefix);
  const named = (name: string) => (kind === 'field' ? `'${name}'` : `Query parameter '${name}'`);
  if (issue.code === 'unrecognized_keys') {
    const where = field ? ` in '${field}'` : '';
    const names = issue.keys.map((k) => `'${k}'`).join(', ');
    return `Unknown ${kind}${issue.keys.length > 1 ? 's' : ''} ${names}${where}; check the spelling.`;
  }
  // zod 4 does not keep the input on the issue; a missing field reads "received undefined".
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return `${named(field)} is required.`;
  // A rule on the whole input ("Send at least one of ...") is a sentence of its own.
  if (!field) return sentence(capitalised(issue.message));
  // Our messages continue the name ("must not be empty"); zod's own are sentences ("Invalid input").
  return /^[a-z]/.test(issue.message) ? sentence(`${named(field)} ${issue.message}`) : sentence(`${named(field)}: ${issue.message}`);
}

function validationErrorFrom(error: z.ZodError, prefix = '', kind: InputKind = 'field'): ValidationError {
  const first = error.issues[0];
  const message = error.issues.map((i) => describeIssue(i, prefix, kind)).join(' ');
  // An unknown field is named by its own path (location.city), not by its parent's.
  const firstPath = first?.code === 'unrecognized_keys' ? [...first.path, first.keys[0] ?? ''] : first?.path;
  return new ValidationError(message, firstPath ? fieldName(firstPath, prefix) || undefined : undefined);
}

/**
 * zod 4 reports a missing field as a type error; as a schema's error callback this says `is required`
 * then, and `message` (a continuation of the field's name) for a value of the wrong type.
 */
export const requiredOr =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'is required' : message;

/** The error callback of a field whose wrong type reads "must be <what>". */
export const expected = (what: string) => requiredOr(`must be ${what}`);

/** Parse `value` with `schema` or throw a ValidationError naming the fields (or query parameters). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, options: { prefix?: string; kind?: InputKind } = {}): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationErrorFrom(result.error, options.prefix ?? '', options.kind ?? 'field');
  return result.data;
}

/** A 400 about one field, in the shared style: `'location.country' must be ...`. */
export const fieldError = (field: string, continuation: string): ValidationError => new ValidationError(sentence(`'${field}' ${continuation}`), field);

/** A 400 about one query parameter: `Query parameter 'from' must not be after 'to'.` */
export const parameterError = (parameter: string, continuation: string): ValidationError =>
  new ValidationError(sentence(`Query parameter '${parameter}' ${continuation}`), parameter);
