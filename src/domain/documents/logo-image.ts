/**
 * Domain: a seller's logo, checked from its bytes before anything stores it: a PNG (RFC 2083 / ISO 15948) or a JPEG
 * (ITU-T T.81) by its signature, never by the Content-Type sent; at most MAX_LOGO_BYTES; its pixel size read from the
 * header (PNG IHDR, JPEG SOF) and kept within LOGO_PIXEL_LIMITS. What the document layout embeds must also decode: a
 * PNG's chunks are CRC-checked and its image data inflated (by the caller's Inflate: the domain does no zlib itself) to
 * exactly the size its header announces; an animated PNG
 * and a JPEG that PDF's DCTDecode cannot read (lossless, arithmetic coding) or that is CMYK (the Factur-X PDF/A-3's
 * output intent is sRGB, so DeviceCMYK is not allowed there) are refused.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { AppError, ValidationError } from '../errors';
import { sniffDocumentType } from './document-type';

export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;

export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** 256 KiB: with its key and facts a logo item stays far under DynamoDB's 400 KB item limit (binary is stored as is). */
export const MAX_LOGO_BYTES = 256 * 1024;

/** Each side 1 to 2000 pixels (a 150 x 60 pt box at 600 dpi needs 1250 x 500), neither side more than 20 times the other. */
export const LOGO_PIXEL_LIMITS = { maxSide: 2000, maxAspectRatio: 20 } as const;

/** What an entity (and an invoice's seller, frozen at finalization) keeps of its logo; the bytes are kept by `sha256`. */
export const logoSchema = z
  .object({
    content_type: z.enum(LOGO_CONTENT_TYPES).meta({ description: 'image/png or image/jpeg, read from the bytes' }),
    size: z.number().int().meta({ description: 'Bytes' }),
    width: z.number().int().meta({ description: 'Pixels, from the image header' }),
    height: z.number().int().meta({ description: 'Pixels, from the image header' }),
    sha256: z.string().meta({ description: 'SHA-256 of the bytes (hex): the image an invoice was issued with' }),
  })
  .meta({ id: 'Logo', description: 'A logo printed at the top of the documents (PUT /entities/{id}/logo)' });

export type Logo = z.output<typeof logoSchema>;

/** A logo's bytes with their type: what the documents draw. */
export interface LogoImage {
  content_type: LogoContentType;
  bytes: Uint8Array;
}

/** zlib's inflate, at most `maxLength` bytes out; undefined when the data does not inflate within that. */
export type Inflate = (data: Uint8Array, maxLength: number) => Uint8Array | undefined;

/** CRC-32 (ISO 3309, as PNG's chunks carry it), table-driven. */
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const allowed = `${LOGO_CONTENT_TYPES.join(' or ')}`;

const unsupported = (why: string) => new AppError(415, 'unsupported_media_type', `A logo must be ${allowed} (PNG or JPEG); ${why}.`);
const malformed = (type: string, why: string) => new ValidationError(`The logo is not a readable ${type}: ${why}.`, 'logo');

/** Samples per pixel of each PNG colour type, and the bit depths the type allows (RFC 2083 4.1.1). */
const pngColourTypes: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Bytes of the filtered image data: one filter byte per row of each (Adam7 pass, when interlaced) sub-image. */
function pngDataSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w && h ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  return passes.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0!) / dx!), Math.ceil((height - y0!) / dy!)), 0);
}

function pngSize(bytes: Buffer, inflate: Inflate): { width: number; height: number } {
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < bytes.length;) {
    if (at + 12 > bytes.length) throw malformed('PNG', 'a chunk is cut short');
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) throw malformed('PNG', 'a chunk is cut short');
    if (crc32(bytes.subarray(at + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) throw malformed('PNG', `chunk ${chunks.length + 1} fails its CRC`);
    chunks.push({ type: bytes.toString('latin1', at + 4, at + 8), data: bytes.subarray(at + 8, end - 4) });
    at = end;
  }
  const ihdr = chunks[0];
  if (ihdr?.type !== 'IHDR' || ihdr.data.length !== 13) throw malformed('PNG', 'it does not begin with its IHDR header');
  if (chunks.at(-1)?.type !== 'IEND') throw malformed('PNG', 'it does not end with IEND');
  if (chunks.some((c) => c.type === 'acTL')) throw unsupported('an animated PNG cannot be printed');
  const [width, height, depth, colourType, , , interlace] = [ihdr.data.readUInt32BE(0), ihdr.data.readUInt32BE(4), ...ihdr.data.subarray(8)];
  const colour = pngColourTypes[colourType!];
  if (!colour?.depths.includes(depth!) || interlace! > 1) throw malformed('PNG', `colour type ${colourType} with bit depth ${depth} is not a PNG format`);
  if (colourType === 3 && !chunks.some((c) => c.type === 'PLTE')) throw malformed('PNG', 'an indexed-colour image has no palette');
  checkPixelSize(width, height);
  const expected = pngDataSize(width, height, colour.channels * depth!, interlace === 1);
  const inflated = inflate(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)), expected + 1);
  if (inflated?.length !== expected) throw malformed('PNG', `its image data does not inflate to the ${expected} bytes ${width} x ${height} pixels need`);
  return { width, height };
}

/** Start-of-frame markers DCTDecode reads: baseline, extended sequential and progressive Huffman (T.81 B.1.1.3). */
const readableFrames = new Set([0xc0, 0xc1, 0xc2]);
/** Every other SOFn marker (lossless, hierarchical, arithmetic); C4, C8 and CC are other segments. */
const otherFrames = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (let at = 2; at + 4 <= bytes.length;) {
    if (bytes[at] !== 0xff) throw malformed('JPEG', `no marker at byte ${at}`);
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break; // EOI or scan data before any frame header
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) throw malformed('JPEG', 'a segment is cut short');
    if (otherFrames.has(marker))
      throw unsupported('this JPEG is lossless or arithmetic-coded, which PDF cannot show (save it as a baseline or progressive JPEG)');
    if (readableFrames.has(marker)) {
      if (length < 8) throw malformed('JPEG', 'its frame header is cut short');
      const [height, width, components] = [bytes.readUInt16BE(at + 5), bytes.readUInt16BE(at + 7), bytes[at + 9]!];
      if (components !== 1 && components !== 3) throw unsupported(`this JPEG has ${components} colour components; send it as RGB or greyscale (not CMYK)`);
      if (bytes[at + 4] !== 8) throw unsupported(`this JPEG has ${bytes[at + 4]}-bit samples; PDF shows 8-bit JPEGs`);
      checkPixelSize(width, height);
      if (bytes.readUInt16BE(bytes.length - 2) !== 0xffd9) throw malformed('JPEG', 'it does not end with its EOI marker');
      return { width, height };
    }
    at += 2 + length;
  }
  throw malformed('JPEG', 'it has no frame header (SOF) before its image data');
}

function checkPixelSize(width: number, height: number): void {
  const { maxSide, maxAspectRatio } = LOGO_PIXEL_LIMITS;
  const ratio = Math.max(width, height) / Math.max(1, Math.min(width, height));
  if (width < 1 || height < 1 || width > maxSide || height > maxSide || ratio > maxAspectRatio) {
    throw new ValidationError(
      `The logo is ${width} x ${height} pixels; each side must be 1 to ${maxSide} pixels and neither more than ${maxAspectRatio} times the other.`,
      'logo',
    );
  }
}

/** The logo's facts, or the 4xx its bytes earn: empty 400, over MAX_LOGO_BYTES 413, neither PNG nor JPEG 415, unreadable 400. */
export function checkedLogo(bytes: Buffer, inflate: Inflate): Logo {
  if (bytes.length === 0) throw new ValidationError(`The request body must be the logo (${allowed}); it is empty.`, 'logo');
  if (bytes.length > MAX_LOGO_BYTES) {
    throw new AppError(413, 'document_too_large', `The logo is ${bytes.length} bytes; at most ${MAX_LOGO_BYTES} (256 KiB) are accepted.`);
  }
  // The documents' own signature check (a PDF is a document but no logo).
  const contentType = sniffDocumentType(bytes);
  if (contentType !== 'image/png' && contentType !== 'image/jpeg') throw unsupported('its bytes are neither');
  const { width, height } = contentType === 'image/png' ? pngSize(bytes, inflate) : jpegSize(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { content_type: contentType, size: bytes.length, width, height, sha256 };
}
