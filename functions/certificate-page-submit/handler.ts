/**
 * Primary adapter: POST /certificate_requests/{id}?token=... with the page's form (multipart/form-data; urlToken: no
 * API key) -> 200 "received" once the certificate exists; the form again with what was wrong (400, 413), or a page
 * saying why the link cannot be used (404, 409, 410: used already, so a second submit creates nothing).
 */
import * as z from 'zod';
import { certificateFormPage, PAGE_HEADERS, refusalPage, thanksPage } from '../../src/adapters/http/certificate-page';
import { parseMultipart } from '../../src/adapters/http/multipart';
import { urlTokenRoute } from '../../src/adapters/http/url-token-route';
import { certificateRequests, documents, urlTokenSecrets } from '../../src/composition/ports';
import { MAX_INLINE_DOCUMENT_BYTES } from '../../src/config/documents';
import { AppError } from '../../src/domain/errors';
import { openRequest, PageRefusal, submitCertificate, type CertificateForm } from '../../src/usecases/certificate-requests';

const html = { mediaType: 'text/html' } as const;

export const handler = urlTokenRoute({
  route: 'certificate-page-submit',
  // The id is checked with the token (an unknown or malformed one is the same 404 page), not by the JSON pipeline.
  params: z.object({
    id: z.string().meta({ description: "The certificate request's id (`crq_...`), from the link", example: 'crq_0mhx2k3c0a1b2c3d4e5f60718' }),
  }),
  query: z.object({ token: z.string().max(512).optional().meta({ description: 'The signed token of the link Levy issued' }) }),
  rawBody: {
    mediaTypes: ['multipart/form-data'],
    description: "The page's form: jurisdictions, reason, certificate_number, effective_from, expires_on and the file `document`",
  },
  responses: {
    200: { description: 'The certificate was received (HTML)', ...html },
    400: { description: 'The form again, saying which field was wrong (HTML)', ...html },
    404: { description: 'The link is unknown or its token was changed (HTML)', ...html },
    409: { description: 'The seller keeps no more certificates for this customer (HTML)', ...html },
    410: { description: 'The link was used or has expired: nothing was created (HTML)', ...html },
    413: { description: 'The file is over 4 MiB (HTML form again)', ...html },
    415: { description: 'The file is not a PDF, PNG or JPEG (HTML form again)', ...html },
  },
  run: async ({ query, path, headers, rawBody, pathParameters: { id } }) => {
    const deps = { certificateRequests, urlTokenSecrets, documents };
    const form = await parseMultipart(rawBody ?? Buffer.alloc(0), headers['content-type'], MAX_INLINE_DOCUMENT_BYTES);
    const text = (name: keyof CertificateForm) => form.fields[name]?.[0] ?? '';
    const values: CertificateForm = {
      jurisdictions: text('jurisdictions'),
      reason: text('reason'),
      certificate_number: text('certificate_number'),
      effective_from: text('effective_from'),
      expires_on: text('expires_on'),
    };
    let opened: Awaited<ReturnType<typeof openRequest>> | undefined;
    try {
      opened = await openRequest(deps, id, query.token);
      const certificate = await submitCertificate(deps, opened, values, form.file);
      return { status: 200, text: thanksPage(certificate.certificate_number), headers: PAGE_HEADERS };
    } catch (error) {
      const status = error instanceof PageRefusal ? error.status : error instanceof AppError ? error.status : 500;
      if (opened && (status === 400 || status === 413 || status === 415)) {
        // The form again, filled as sent, with what was wrong (the link is still open: openRequest checked it).
        const { request } = opened;
        const action = `${path}?token=${encodeURIComponent(query.token!)}`;
        const page = certificateFormPage({
          action,
          message: request.message,
          expiresAt: request.expires_at,
          jurisdictions: request.jurisdictions,
          values,
          error: (error as Error).message,
        });
        return { status, text: page, headers: PAGE_HEADERS };
      }
      if (status === 404 || status === 409 || status === 410) return { status, text: refusalPage((error as Error).message), headers: PAGE_HEADERS };
      throw error;
    }
  },
});
