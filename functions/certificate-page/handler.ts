/**
 * Primary adapter: GET /certificate_requests/{id}?token=... (urlToken: no API key) -> the upload form, or a page
 * saying why the link cannot be used (404 unknown or tampered, 410 used or expired).
 */
import * as z from 'zod';
import { certificateFormPage, PAGE_HEADERS, refusalPage } from '../../src/adapters/http/certificate-page';
import { urlTokenRoute } from '../../src/adapters/http/url-token-route';
import { certificateRequests, urlTokenSecrets } from '../../src/composition/ports';
import { openRequest, PageRefusal } from '../../src/usecases/certificate-requests';

const html = { mediaType: 'text/html' } as const;

export const handler = urlTokenRoute({
  route: 'certificate-page',
  // The id is checked with the token (an unknown or malformed one is the same 404 page), not by the JSON pipeline.
  params: z.object({
    id: z.string().meta({ description: "The certificate request's id (`crq_...`), from the link", example: 'crq_0mhx2k3c0a1b2c3d4e5f60718' }),
  }),
  query: z.object({ token: z.string().max(512).optional().meta({ description: 'The signed token of the link Levy issued' }) }),
  responses: {
    200: { description: 'The upload form (HTML)', ...html },
    404: { description: 'The link is unknown or its token was changed (HTML)', ...html },
    410: { description: 'The link was used or has expired (HTML)', ...html },
  },
  run: async ({ query, path, pathParameters: { id } }) => {
    try {
      const { request } = await openRequest({ certificateRequests, urlTokenSecrets }, id, query.token);
      const action = `${path}?token=${encodeURIComponent(query.token!)}`;
      return {
        status: 200,
        text: certificateFormPage({ action, message: request.message, expiresAt: request.expires_at, jurisdictions: request.jurisdictions }),
        headers: PAGE_HEADERS,
      };
    } catch (error) {
      if (error instanceof PageRefusal && (error.status === 404 || error.status === 410))
        return { status: error.status, text: refusalPage(error.message), headers: PAGE_HEADERS };
      throw error;
    }
  },
});
