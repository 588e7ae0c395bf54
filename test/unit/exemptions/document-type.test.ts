/** Unit: a certificate document's type is read from its first bytes (magic numbers), never from a header. */
import { sniffDocumentType } from '../../../src/domain/documents/document-type';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('sniffDocumentType', () => {
  it('recognises PDF, PNG and JPEG by their signatures', () => {
    expect(sniffDocumentType(Buffer.from('%PDF-1.7\n...', 'latin1'))).toBe('application/pdf');
    expect(sniffDocumentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d))).toBe('image/png');
    expect(sniffDocumentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10))).toBe('image/jpeg');
  });

  it('refuses anything else, near misses and bare signatures included', () => {
    for (const candidate of [
      Buffer.from('<html><body>%PDF-</body></html>'),
      Buffer.from('GIF89a......'),
      Buffer.from('PK\u0003\u0004 zip'),
      Buffer.from('%PDF'), // too short: the signature is "%PDF-"
      bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b, 0x00), // PNG with one byte wrong
      bytes(0xff, 0xd8, 0xff), // the signature and nothing after it
      bytes(0xff, 0xd8, 0x00, 0x00),
      bytes(),
    ]) {
      expect(sniffDocumentType(candidate)).toBeUndefined();
    }
  });
});
