/**
 * Docs: the examples the OpenAPI document shows where the schemas carry none: every JSON success answer and every
 * query parameter. The central answers (a rate, a unified cart, a transaction) are recorded from a real run
 * (local/docs/recorded-examples.json, which says how). Any other answer's example is made from its schema: a field's
 * own `example` where the zod schema gives one, else the route's sample request (local/samples.ts: what a
 * create or update sent comes back), else a value by the field's name, format or pattern (an id of its kind, a date,
 * an amount). Query parameters take the sample request's value, and `starting_after` the id of the first item of the
 * list's example. Every example is checked
 * against its schema here (ajv, JSON Schema 2020-12): the generation fails, naming the field, rather than show one
 * that does not validate; test/unit/docs/openapi.test.ts checks them all again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Ajv2020 from 'ajv/dist/2020';
import { idFormats } from '../../src/domain/ids';
import { documentAjv, DOCUMENT_ID, pointer, resolveRef } from './openapi-document';

/** Recorded answers by the component schema they are (the file's `_about` says how they were recorded). */
const recorded = JSON.parse(readFileSync(join(__dirname, 'recorded-examples.json'), 'utf8')) as Record<string, unknown>;

// The OpenAPI document is walked by JSON pointer: its nodes are any JSON, typed where they are read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
/** What a route's sample request says: its body, path and query values. */
export interface ExampleHints {
  body?: unknown;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
}

const DAY = '2026-01-15';
const INSTANT = '2026-01-15T10:30:00.000Z';

/** Values by field name, used when they fit the field's schema. */
const byName: Record<string, unknown> = {
  name: 'Acme Inc',
  email: 'billing@acme.example',
  country: 'US',
  state: 'CA',
  postal_code: '90001',
  city: 'Los Angeles',
  line1: '100 Main St',
  line2: 'Suite 200',
  currency: 'USD',
  url: 'https://hooks.acme.example/levy',
  description: 'Team plan, monthly',
  tax_id: 'DE136695976',
  message: 'Done',
  reason: 'Cancelled order',
  reference: 'ord-1001',
  sku: 'TEAM-M',
  jurisdiction: 'US-CA',
  period: '2026-01',
};
/** The caller-chosen ids as the samples write them; Levy's own ids come from their pattern (idFor). */
const callerIds: Record<string, string> = { customer: 'cus_1001', product: 'prod_1001', transaction: 'order_1001', tax_code: 'levy_saas_business' };

/** An id for a field named `<kind>_id` (`customer_id`, `entity_id`...), of that kind's format. */
function idByName(name: string): string | undefined {
  const kind = name.replace(/_id$/, '') as keyof typeof idFormats;
  if (!name.endsWith('_id') || !(kind in idFormats)) return undefined;
  return callerIds[kind] ?? idFor(idFormats[kind].pattern.source);
}

/** An id of the records a path lists or creates, by its last fixed segment (`/v1/invoice_series` -> `isr_...`). */
function idOfPath(path: string): string | undefined {
  const segment =
    path
      .split('/')
      .filter((part) => part !== '' && !part.startsWith('{'))
      .at(-1) ?? '';
  const singular = segment.replace(/ies$/, 'y').replace(/(?<!series)s$/, '');
  return idByName(`${singular}_id`);
}

/** Strings tried, in order, against a pattern no name or id rule fills. */
const candidates = [
  '2026-01',
  '2026-Q1',
  'US',
  'CA',
  'US-CA',
  'ord-1001',
  'levy_saas_business',
  'crn_1001',
  'TEAM-M',
  '1001',
  'INV-2026-',
  'https://hooks.acme.example/levy',
];

const integerByName = (name: string): number | undefined =>
  /(^|_)(amount|total|subtotal|price|tax|net|gross|sales|exposure|value)($|_)/.test(name)
    ? 10_000
    : /count|quantity|number/.test(name)
      ? 2
      : /percent/.test(name)
        ? 80
        : /days/.test(name)
          ? 30
          : undefined;
const numberByName = (name: string): number | undefined => (/rate|share|fraction/.test(name) ? 0.0725 : integerByName(name));

/** An id of the kind a pattern like `^ret_[0-9a-z]{25}$` names (src/domain/ids.ts), fixed for a stable document. */
function idFor(pattern: string): string | undefined {
  const match = /^\^([a-z]+)_\[0-9a-z\]\{25\}\$$/.exec(pattern);
  return match ? `${match[1]}_0mkf3h2a5c1d2e3f4a5b6c7d8` : undefined;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const typesOf = (schema: Json): string[] => (schema.type === undefined ? [] : [schema.type].flat());

export class ExampleMaker {
  private readonly ajv: Ajv2020;
  /** Leaf schemas compiled once, by their text (the same field schema recurs across the document). */
  private readonly leafValidators = new Map<string, ((value: unknown) => boolean) | undefined>();

  constructor(private readonly document: Json) {
    this.ajv = documentAjv(document);
  }

  /** Adds an example to every JSON success answer and query parameter without one; `hintsOf` gives a route's sample. */
  addExamples(hintsOf: (path: string, method: string) => ExampleHints | undefined): void {
    for (const [path, item] of Object.entries(this.document.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        const hints = hintsOf(path, method) ?? {};
        const at = `#${pointer('paths', path, method)}`;
        let listExample: unknown;
        for (const [status, response] of Object.entries(operation.responses as Json)) {
          const content = (response as Json).content?.['application/json'];
          if (!status.startsWith('2') || !content || 'example' in content || 'examples' in content) continue;
          // The record's id: the path's, else one of the kind the path names (`/v1/customers` answers customers).
          const id = hints.pathParameters?.id ?? idOfPath(path);
          const hint = { ...(isObject(hints.body) ? hints.body : {}), ...(id ? { id, data: [{ id }] } : {}) };
          content.example = this.checked(`${at}${pointer('responses', status, 'content', 'application/json', 'schema')}`, this.make(content.schema, hint, ''));
          listExample ??= content.example;
        }
        for (const [index, parameter] of ((operation.parameters ?? []) as Json[]).entries()) {
          if (parameter.in !== 'query' || 'example' in parameter) continue;
          const firstId = isObject(listExample) && Array.isArray(listExample.data) && isObject(listExample.data[0]) ? listExample.data[0].id : undefined;
          const sent = hints.query?.[parameter.name];
          const hint = sent !== undefined ? fromQueryText(this.resolve(parameter.schema), sent) : parameter.name === 'starting_after' ? firstId : undefined;
          parameter.example = this.checked(`${at}/parameters/${index}/schema`, this.make(parameter.schema, hint, parameter.name));
        }
      }
    }
  }

  /** The value, after checking it against the schema at `pointer`; throws naming the field and what is wrong. */
  private checked(pointer: string, value: unknown): unknown {
    const validate = this.ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
    if (!validate) throw new Error(`No schema at ${pointer}`);
    if (!validate(value)) {
      throw new Error(
        `The example made for ${pointer} does not match its schema (give the field a .meta({ example })): ${this.ajv.errorsText(validate.errors)}; example: ${JSON.stringify(value)?.slice(0, 300)}`,
      );
    }
    return value;
  }

  private resolve(schema: Json): Json {
    return resolveRef(this.document, schema);
  }

  /** An example of `schema` for a field called `name`, taking `hint` (the sample's value) where it fits. */
  private make(raw: Json, hint: unknown, name: string): unknown {
    const component = typeof raw.$ref === 'string' ? /^#\/components\/schemas\/(\w+)$/.exec(raw.$ref)?.[1] : undefined;
    if (component && component in recorded) return recorded[component];
    const schema = this.resolve(raw);
    if (hint !== undefined) {
      if (isObject(hint) && (schema.properties || typesOf(schema).includes('object'))) return this.object(schema, hint);
      if (Array.isArray(hint) && hint.length > 0 && schema.items) return hint.map((item) => this.make(schema.items, item, name));
      if (this.fits(schema, hint)) return hint;
    }
    if ('example' in schema) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null) ?? schema.enum[0];
    if (schema.default !== undefined) return schema.default;
    const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    if (branches) {
      const nonNull = branches.filter((b) => !typesOf(this.resolve(b)).every((t) => t === 'null') || typesOf(this.resolve(b)).length === 0);
      return this.make(nonNull[0] ?? branches[0]!, hint, name);
    }
    if (schema.allOf) return Object.assign({}, ...(schema.allOf as Json[]).map((part) => this.make(part, hint, name)));
    const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : typesOf(schema)[0]);
    switch (type) {
      case 'object':
        return this.object(schema, isObject(hint) ? hint : {});
      case 'array': {
        const count = Math.max(1, schema.minItems ?? 0);
        return Array.from({ length: count }, () => this.make(schema.items ?? {}, undefined, name.replace(/s$/, '')));
      }
      case 'string':
        return this.string(schema, name);
      case 'integer':
      case 'number':
        return this.number(schema, name, type === 'integer');
      case 'boolean':
        return /^(taxable|valid|created|enabled|active)$/.test(name);
      case 'null':
        return null;
      default:
        return hint ?? {};
    }
  }

  private object(schema: Json, hint: Json): Json {
    const properties = (schema.properties ?? {}) as Json;
    const made: Json = {};
    for (const [key, property] of Object.entries(properties)) made[key] = this.make(property, hint[key], key);
    // A map (a record: keys of the data's choosing) shows the hint's entries, or none.
    if (Object.keys(properties).length === 0 && isObject(schema.additionalProperties)) {
      for (const [key, value] of Object.entries(hint)) made[key] = this.make(schema.additionalProperties, value, key);
    }
    return made;
  }

  private string(schema: Json, name: string): string {
    const format = schema.format as string | undefined;
    if (format === 'date') return DAY;
    if (format === 'date-time') return INSTANT;
    if (format === 'ipv4') return '192.0.2.10';
    if (format === 'ipv6') return '2001:db8::10';
    if (format === 'email') return 'billing@acme.example';
    if (format === 'uri' || format === 'url') return 'https://hooks.acme.example/levy';
    if (typeof schema.pattern === 'string') {
      const id = idFor(schema.pattern);
      if (id) return id;
    }
    const tried = [
      idByName(name),
      byName[name],
      ...(typeof schema.pattern === 'string' ? candidates : []),
      name.endsWith('_id') || name === 'id' ? 'ord-1001' : undefined,
      'Example',
    ];
    const found = tried.find((value): value is string => typeof value === 'string' && this.fits(schema, value));
    return found ?? 'Example'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? Infinity);
  }

  private number(schema: Json, name: string, integer: boolean): number {
    const byField = integer ? integerByName(name) : numberByName(name);
    if (byField !== undefined && this.fits(schema, byField)) return byField;
    const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : 0);
    // zod writes a safe integer's bounds (±2^53 - 1) as its minimum and maximum: no value anyone would show.
    return Math.min(Math.abs(low) > 1e6 ? 0 : low, schema.maximum ?? Infinity);
  }

  /** Whether a value fits the schema taken alone (a schema that refers elsewhere is not compiled alone: no). */
  private fits(schema: Json, value: unknown): boolean {
    const text = JSON.stringify(schema);
    if (!this.leafValidators.has(text)) {
      let validate: ((value: unknown) => boolean) | undefined;
      try {
        const compiled = this.ajv.compile(JSON.parse(text) as Json);
        validate = (v) => compiled(v) === true;
      } catch {
        validate = undefined;
      }
      this.leafValidators.set(text, validate);
    }
    return this.leafValidators.get(text)?.(value) ?? false;
  }
}

/** A query parameter's text as its schema's type (`limit=10` is the integer 10). */
function fromQueryText(schema: Json, text: string): unknown {
  const types = typesOf(schema);
  if ((types.includes('integer') || types.includes('number')) && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
