/**
 * Primary adapter (HTTP): an e-invoice as a 200 application/xml answer (UTF-8), shown inline and saved under its
 * number and syntax (the characters a file name cannot safely hold replaced by `_`).
 */
export function xmlAttachment(
  { number, xml }: { number: string; xml: string },
  syntax: string,
): { status: 200; text: string; headers: Record<string, string> } {
  return {
    status: 200,
    text: xml,
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `inline; filename="${number.replace(/[^A-Za-z0-9._-]/g, '_')}.${syntax}.xml"`,
    },
  };
}
