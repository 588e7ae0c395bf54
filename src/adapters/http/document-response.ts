/**
 * Primary adapter (HTTP): a rendered document as a 200 answer shown inline and saved under its number (the
 * characters a file name cannot safely hold replaced by `_`): a PDF as application/pdf, an e-invoice as
 * application/xml (UTF-8) named after its number and syntax.
 */
type Attachment<B> = { status: 200; headers: Record<string, string> } & B;

const inline = (contentType: string, fileName: string) => ({
  'content-type': contentType,
  'content-disposition': `inline; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
});

export function pdfAttachment({ number, bytes }: { number: string; bytes: Uint8Array }): Attachment<{ bytes: Buffer }> {
  return { status: 200, bytes: Buffer.from(bytes), headers: inline('application/pdf', `${number}.pdf`) };
}

export function xmlAttachment({ number, xml }: { number: string; xml: string }, syntax: string): Attachment<{ text: string }> {
  return { status: 200, text: xml, headers: inline('application/xml; charset=utf-8', `${number}.${syntax}.xml`) };
}
