/**
 * Primary adapter: a multipart/form-data body (an HTML form with a file: the certificate request page) read from its
 * bytes with busboy. At most one file, at most `maxFileBytes` + 1 of it kept (so a caller can tell "too large"), at
 * most 50 fields of 10 KB: anything beyond is cut, never buffered.
 */
import busboy from 'busboy';
import { AppError } from '../../domain/errors';

export interface FormFile {
  readonly field: string;
  readonly filename: string;
  readonly bytes: Buffer;
  /** More bytes were sent than `maxFileBytes`: `bytes` holds only the first ones. */
  readonly truncated: boolean;
}

export interface FormData {
  readonly fields: Readonly<Record<string, string[]>>;
  readonly file?: FormFile;
}

export function parseMultipart(body: Buffer, contentType: string | undefined, maxFileBytes: number): Promise<FormData> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType ?? '' }, limits: { files: 1, fields: 50, fieldSize: 10_240, fileSize: maxFileBytes + 1 } });
    } catch {
      reject(new AppError(415, 'unsupported_media_type', 'The form must be sent as multipart/form-data with a boundary.'));
      return;
    }
    const fields: Record<string, string[]> = {};
    let file: FormFile | undefined;
    parser.on('field', (name, value) => (fields[name] ??= []).push(value));
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('close', () => {
        const bytes = Buffer.concat(chunks);
        file = {
          field,
          filename: info.filename ?? '',
          bytes,
          truncated: (stream as unknown as { truncated?: boolean }).truncated === true || bytes.length > maxFileBytes,
        };
      });
    });
    parser.on('error', () => reject(new AppError(400, 'validation_error', 'The form body is not valid multipart/form-data.')));
    parser.on('close', () => resolve({ fields, ...(file ? { file } : {}) }));
    parser.end(body);
  });
}
