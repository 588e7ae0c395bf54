/**
 * Primary adapter (HTTP): a rendered document as a 200 answer shown inline and saved under its number (the
 * characters a file name cannot safely hold replaced by `_`): a PDF as application/pdf, an e-invoice as
 * application/xml (UTF-8) named after its number and syntax; a stored document (a certificate's, a notice's) as its
 * bytes, or a 303 to its pre-signed GET.
 */
import type { DocumentDownload } from '../../usecases/documents';
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

/** A stored document's answer: 200 with its bytes and type, or 303 with `Location` its pre-signed GET. */
export function documentDownloadResponse(download: DocumentDownload) {
  if (download.kind === 'redirect') return { status: 303 as const, headers: { location: download.url } as Record<string, string> };
  return { status: 200 as const, bytes: download.bytes, headers: { 'content-type': download.contentType } };
}
