/**
 * Domain (pure): what an uploaded certificate document is, read from its first bytes (magic numbers), never from the
 * Content-Type the client sent: PDF (`%PDF-`, ISO 32000-1 7.5.2), PNG (the 8-byte signature, RFC 2083 3.1) and JPEG
 * (SOI marker FF D8 followed by a marker FF, ITU-T T.81 B.1.1.3). Anything else is refused (415).
 */
export type DocumentContentType = 'application/pdf' | 'image/png' | 'image/jpeg';

export const DOCUMENT_CONTENT_TYPES: readonly DocumentContentType[] = ['application/pdf', 'image/png', 'image/jpeg'];

/** The most a document may weigh: 5 MiB (the contract in docs/customers.md). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

const signatures: readonly { type: DocumentContentType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The content type the bytes are, or undefined when they are none of PDF, PNG, JPEG. */
export function sniffDocumentType(bytes: Uint8Array): DocumentContentType | undefined {
  return signatures.find((s) => bytes.length > s.bytes.length && s.bytes.every((b, i) => bytes[i] === b))?.type;
}
