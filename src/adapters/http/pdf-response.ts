/**
 * Primary adapter (HTTP): a rendered document as a 200 application/pdf answer, shown inline and saved under its
 * number (the characters a file name cannot safely hold replaced by `_`).
 */
export function pdfAttachment({ number, bytes }: { number: string; bytes: Uint8Array }): {
  status: 200;
  bytes: Buffer;
  headers: Record<string, string>;
} {
  return {
    status: 200,
    bytes: Buffer.from(bytes),
    headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"` },
  };
}
