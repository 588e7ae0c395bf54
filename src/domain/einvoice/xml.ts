/**
 * Domain (pure): a minimal XML writer for the e-invoice builders: elements with attributes and text, written as UTF-8
 * characters (never character references), two-space indentation, the same bytes for the same tree. An element with
 * neither text nor children is left out, so no document carries an empty element (PEPPOL-EN16931-R008).
 */

export interface XmlElement {
  name: string;
  attributes: [string, string][];
  children: XmlElement[];
  text?: string;
}

type Child = XmlElement | undefined | false | null | '' | readonly Child[];
type Attributes = Record<string, string | undefined>;

// XML 1.0 has no way to write these control characters at all; a name or description never needs them.
// eslint-disable-next-line no-control-regex
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const escapeText = (value: string) => value.replace(forbidden, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

function flatten(children: readonly Child[], into: XmlElement[] = []): XmlElement[] {
  for (const child of children) {
    if (Array.isArray(child)) flatten(child as readonly Child[], into);
    else if (child) into.push(child as XmlElement);
  }
  return into;
}

const attributesOf = (attributes: Attributes | undefined): [string, string][] =>
  Object.entries(attributes ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);

/** An element holding other elements; undefined when none of them is there. */
export function group(name: string, ...children: Child[]): XmlElement | undefined {
  const kept = flatten(children);
  return kept.length === 0 ? undefined : { name, attributes: [], children: kept };
}

/** `group` with attributes. */
export function groupWith(name: string, attributes: Attributes, ...children: Child[]): XmlElement | undefined {
  const element = group(name, ...children);
  return element && { ...element, attributes: attributesOf(attributes) };
}

/** An element holding text; undefined when the value is absent or blank. */
export function leaf(name: string, value: string | number | undefined | null, attributes?: Attributes): XmlElement | undefined {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  return { name, attributes: attributesOf(attributes), children: [], text: String(value) };
}

function render(element: XmlElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const attributes = element.attributes.map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('');
  if (element.text !== undefined) {
    out.push(`${pad}<${element.name}${attributes}>${escapeText(element.text)}</${element.name}>`);
    return;
  }
  out.push(`${pad}<${element.name}${attributes}>`);
  for (const child of element.children) render(child, depth + 1, out);
  out.push(`${pad}</${element.name}>`);
}

/** The document: the XML declaration and the root, ending with a newline. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  render(root, 0, out);
  return `${out.join('\n')}\n`;
}
