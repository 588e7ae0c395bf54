/**
 * Shared (domain, use cases and the HTTP pipeline): turns a zod validation failure into one 400 `validation_error` whose
 * message names every offending field, so a client can fix its request in one round trip.
 */
import type { z } from 'zod';
import { ValidationError } from './errors';

type Issue = z.core.$ZodIssue;

const fieldName = (path: readonly PropertyKey[], prefix: string): string => {
  const parts = path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)));
  const joined = parts.join('.').replace(/\.\[/g, '[');
  return prefix ? (joined ? `${prefix}.${joined}` : prefix) : joined;
};

function describeIssue(issue: Issue, prefix: string): string {
  const field = fieldName(issue.path, prefix);
  if (issue.code === 'unrecognized_keys') {
    const where = field ? ` in '${field}'` : '';
    const names = issue.keys.map((k) => `'${k}'`).join(', ');
    return `Unknown field${issue.keys.length > 1 ? 's' : ''} ${names}${where}; check the spelling.`;
  }
  // zod 4 does not keep the input on the issue; a missing field reads "received undefined".
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `'${field}' is required.`;
  }
  const sentence = (m: string) => (/[.!?]$/.test(m) ? m : `${m}.`);
  if (!field || issue.message.startsWith(field)) return sentence(issue.message);
  // Shared schemas name their own field ("product_category must be ..."); inside a list, name the full path.
  const last = field.split('.').at(-1)!;
  if (issue.message.startsWith(`${last} `)) return sentence(`${field}${issue.message.slice(last.length)}`);
  // Our schemas' messages continue the field name ("'name' must not be empty"); zod's own are sentences.
  return /^[a-z]/.test(issue.message) ? `'${field}' ${issue.message}.` : `'${field}': ${issue.message}.`;
}

export function validationErrorFrom(error: z.ZodError, prefix = ''): ValidationError {
  const first = error.issues[0];
  const message = error.issues.map((i) => describeIssue(i, prefix)).join(' ');
  // An unknown field is named by its own path (location.city), not by its parent's.
  const firstPath = first?.code === 'unrecognized_keys' ? [...first.path, first.keys[0] ?? ''] : first?.path;
  return new ValidationError(message, firstPath ? fieldName(firstPath, prefix) || undefined : undefined);
}

/**
 * zod 4 reports a missing field as a type error; as a schema's error callback this says `required`
 * then, and `message` for a value of the wrong type.
 */
export const requiredOr =
  (message: string, required = 'is required') =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? required : message;

/** Parse `value` with `schema` or throw a ValidationError naming the fields. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationErrorFrom(result.error, prefix);
  return result.data;
}
