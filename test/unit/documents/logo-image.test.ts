/**
 * Unit: a logo's bytes checked before anything stores them (src/domain/documents/logo-image.ts): PNG and JPEG by their
 * signature with the pixel size of their header; the 4xx of an empty, oversized, foreign, unreadable, animated, CMYK
 * or lossless image and of an absurd pixel size. The JPEGs are pdftoppm's (test/support/logo-images.ts).
 */
import { deflateSync } from 'node:zlib';
import { zlibInflater } from '../../../src/adapters/images/zlib-inflater';
import { checkedLogo, MAX_LOGO_BYTES } from '../../../src/domain/documents/logo-image';
import { AppError } from '../../../src/domain/errors';
import { jpeg, png, pngChunk, PNG_SIGNATURE } from '../../support/logo-images';
import { requirePoppler } from '../../support/poppler';

const check = (bytes: Buffer) => checkedLogo(bytes, zlibInflater.inflate);

/** The status, code and message `bytes` are refused with. */
function refusal(bytes: Buffer): { status: number; code: string; message: string } {
  try {
    check(bytes);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('accepted');
}

/** A JPEG's first bytes with a frame header of marker `sof` and `components` colour components. */
function jpegHeader(sof: number, components: number): Buffer {
  const frame = [0xff, sof, 0x00, 8 + 3 * components, 8, 0x00, 0x20, 0x00, 0x40, components, ...Array.from({ length: components * 3 }, () => 1)];
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, ...frame, 0xff, 0xd9]);
}

describe('a logo checked from its bytes', () => {
  beforeAll(requirePoppler);

  it('reads a PNG and a JPEG with their pixel size and hash, whatever Content-Type was sent', async () => {
    const image = png(300, 120, { alpha: true });
    expect(check(image)).toEqual({ content_type: 'image/png', size: image.length, width: 300, height: 120, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(check(await jpeg(200, 100))).toMatchObject({ content_type: 'image/jpeg', width: 200, height: 100 });
  });

  it('reads an interlaced PNG, whose image data is seven passes', () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(3, 0);
    header.writeUInt32BE(3, 4);
    header.set([8, 0, 0, 0, 1], 8);
    // The Adam7 passes of a 3 x 3 grey image, as rows (filter byte, pixels): 1 x 1, none, none, 1 x 1, 2 x 1, 1 x 2, 3 x 1.
    const passes = [
      [0, 9],
      [0, 9],
      [0, 9, 9],
      [0, 9, 0, 9],
      [0, 9, 9, 9],
    ].flat();
    const image = Buffer.concat([
      PNG_SIGNATURE,
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(Buffer.from(passes))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(check(image)).toMatchObject({ width: 3, height: 3 });
  });

  it.each([
    ['an empty body', Buffer.alloc(0), 400, 'validation_error', 'it is empty'],
    ['over 256 KiB', Buffer.concat([png(2, 2), Buffer.alloc(MAX_LOGO_BYTES)]), 413, 'document_too_large', `at most ${MAX_LOGO_BYTES}`],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 415, 'unsupported_media_type', 'A logo must be image/png or image/jpeg'],
    ['a PDF', Buffer.from('%PDF-1.4\n', 'latin1'), 415, 'unsupported_media_type', 'its bytes are neither'],
    ['wider than 2000 pixels', png(2001, 200), 400, 'validation_error', '2001 x 200 pixels; each side must be 1 to 2000'],
    ['more than 20 times wider than high', png(420, 20), 400, 'validation_error', 'neither more than 20 times the other'],
    ['a PNG of 0 pixels', png(0, 10), 400, 'validation_error', '0 x 10 pixels'],
    ['a PNG cut short', png(40, 20).subarray(0, 60), 400, 'validation_error', 'cut short'],
    ['a PNG without IEND', png(40, 20).subarray(0, -12), 400, 'validation_error', 'does not end with IEND'],
    ['an animated PNG', png(40, 20, { extraChunks: [pngChunk('acTL', Buffer.alloc(8))] }), 415, 'unsupported_media_type', 'animated'],
    ['a CMYK JPEG', jpegHeader(0xc0, 4), 415, 'unsupported_media_type', 'not CMYK'],
    ['a lossless JPEG', jpegHeader(0xc3, 3), 415, 'unsupported_media_type', 'lossless or arithmetic-coded'],
    ['a JPEG without a frame header', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0x00, 0xff, 0xd9]), 400, 'validation_error', 'no frame header'],
  ])('refuses %s', (_what, bytes, status, code, message) => {
    expect(refusal(bytes)).toEqual({ status, code, message: expect.stringContaining(message) });
  });

  it('refuses a PNG whose chunk fails its CRC, or whose image data is not what its header announces', () => {
    const image = png(40, 20);
    const flipped = Buffer.from(image);
    flipped[40] = flipped[40]! ^ 0xff; // inside IDAT
    expect(refusal(flipped).message).toContain('fails its CRC');
    const header = Buffer.alloc(13);
    header.writeUInt32BE(40, 0);
    header.writeUInt32BE(20, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const short = Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.alloc(100))), pngChunk('IEND', Buffer.alloc(0))]);
    expect(refusal(short)).toEqual({ status: 400, code: 'validation_error', message: expect.stringContaining('does not inflate to the 2420 bytes') });
    const garbage = Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', Buffer.from('not zlib')), pngChunk('IEND', Buffer.alloc(0))]);
    expect(refusal(garbage).message).toContain('does not inflate');
  });
});
