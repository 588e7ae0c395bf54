/**
 * Docs: what the generated sections of the README and docs/ share: a Markdown table, and the rewrite of the part of a
 * document between two markers (the staleness tests compare a document with its rewrite).
 */

/** A table cell: no pipes or line breaks inside. */
export const markdownCell = (value: unknown): string =>
  (value === undefined || value === null ? '' : String(value)).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

export function markdownTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(markdownCell).join(' | ')} |`)].join('\n');
}

/** The document with what lies between `start` and `end` replaced by `body`; `document` names it in the error. */
export function replaceSection(doc: string, markers: { start: string; end: string; document: string }, body: string): string {
  const start = doc.indexOf(markers.start);
  const end = doc.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`${markers.document} lacks the markers ${markers.start} ... ${markers.end}`);
  return `${doc.slice(0, start + markers.start.length)}\n${body}\n${doc.slice(end)}`;
}
