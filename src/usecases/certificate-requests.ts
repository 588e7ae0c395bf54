/**
 * Use case: certificate requests (docs/notices.md). The account asks for a link; the customer opens it (no
 * API key: the signed token in the URL names the account and the request) and uploads a certificate, which creates
 * the exemption on that customer (the certificates' own rules and document store) and completes the request in one
 * transaction: a link works once, until it expires.
 */
import { MAX_INLINE_DOCUMENT_BYTES } from '../config/documents';
import { AppError, ConflictError, found, NotFoundError } from '../domain/errors';
import { createExemptionSchema, newExemption, withStatus, type Exemption } from '../domain/exemptions/certificate';
import { idFormats } from '../domain/ids';
import {
  certificateRequestStatus,
  newCertificateRequest,
  type CertificateRequest,
  type CreateCertificateRequestRequest,
  type StoredCertificateRequest,
} from '../domain/notices/certificate-request';
import { checkUrlToken, signUrlToken } from '../domain/notices/url-token';
import { utcDay } from '../domain/dates';
import { parseWith } from '../domain/validation';
import type { Page, PageRequest } from '../domain/records/record';
import type { BlobStore } from '../ports/blobs';
import type { CustomerStore } from '../ports/customers';
import type { CertificateRequestStore, UrlTokenSecrets } from '../ports/notices';
import { storeDocument } from './documents';
import { documentKey } from './exemptions';

/** What the token signs: the kind of record (another kind of link can never open this page). */
const TOKEN_KIND = 'certificate_request';

type Deps = { customers: CustomerStore; certificateRequests: CertificateRequestStore; urlTokenSecrets: UrlTokenSecrets };

/** The page's path under the API's base (`https://host/v1`): `/certificate_requests/{id}?token=...`. */
export const certificatePageUrl = (baseUrl: string, id: string, token: string): string =>
  `${baseUrl}/certificate_requests/${id}?token=${encodeURIComponent(token)}`;

/** The answer: the status now, and the link while open (the create makes the deployment's secret on first use; a list only reads it). */
async function view(
  secrets: UrlTokenSecrets,
  accountId: string,
  request: StoredCertificateRequest,
  baseUrl: string,
  now: Date,
  makeSecret = false,
): Promise<CertificateRequest> {
  const status = certificateRequestStatus(request, now);
  const secret = status === 'open' ? await secrets.secret(makeSecret) : undefined;
  const url = secret ? certificatePageUrl(baseUrl, request.id, signUrlToken(secret, TOKEN_KIND, accountId, request.id, new Date(request.expires_at))) : null;
  return { ...request, status, url };
}

export async function createCertificateRequest(
  deps: Deps,
  accountId: string,
  customerId: string,
  body: CreateCertificateRequestRequest,
  baseUrl: string,
  now = new Date(),
): Promise<CertificateRequest> {
  found(await deps.customers.get(accountId, customerId), 'customer', customerId);
  const request = newCertificateRequest(customerId, body, now);
  await deps.certificateRequests.create(accountId, request);
  return view(deps.urlTokenSecrets, accountId, request, baseUrl, now, true);
}

/** A page of the customer's requests, oldest first; `url` while it is open (the same link as at creation). */
export async function listCertificateRequests(
  deps: Deps,
  accountId: string,
  customerId: string,
  baseUrl: string,
  page: PageRequest,
  now = new Date(),
): Promise<Page<CertificateRequest>> {
  found(await deps.customers.get(accountId, customerId), 'customer', customerId);
  const { data, has_more } = await deps.certificateRequests.listOf(accountId, customerId, page);
  return { data: await Promise.all(data.map((r) => view(deps.urlTokenSecrets, accountId, r, baseUrl, now))), has_more };
}

/** Why a page cannot be used: the link is unknown or tampered (404), or was used or has expired (410). */
export class PageRefusal extends Error {
  constructor(
    readonly status: 404 | 410 | 409 | 400,
    message: string,
  ) {
    super(message);
  }
}

const unknownLink = () => new PageRefusal(404, 'This link is not valid. Ask the seller for a new one.');

/** The open request a page's URL names, with its account; refused (PageRefusal) otherwise. */
export async function openRequest(
  deps: Pick<Deps, 'certificateRequests' | 'urlTokenSecrets'>,
  id: string,
  token: string | undefined,
  now = new Date(),
): Promise<{ accountId: string; request: StoredCertificateRequest }> {
  if (!idFormats.certificate_request.pattern.test(id) || !token) throw unknownLink();
  const secret = await deps.urlTokenSecrets.secret(false);
  if (!secret) throw unknownLink();
  const check = checkUrlToken(secret, TOKEN_KIND, id, token, now);
  if (!check.ok) {
    if (check.reason === 'expired') throw new PageRefusal(410, 'This link has expired. Ask the seller for a new one.');
    throw unknownLink();
  }
  const request = await deps.certificateRequests.get(check.accountId, id);
  if (!request) throw unknownLink();
  const status = certificateRequestStatus(request, now);
  if (status === 'completed')
    throw new PageRefusal(410, 'This link has already been used: the certificate was received. Ask the seller for a new link to send another.');
  if (status === 'expired') throw new PageRefusal(410, 'This link has expired. Ask the seller for a new one.');
  return { accountId: check.accountId, request };
}

/** What the page's form sends, as text fields (the file apart). */
export interface CertificateForm {
  jurisdictions: string;
  reason: string;
  certificate_number: string;
  effective_from: string;
  expires_on: string;
}

/** `US-TX, US-CA DE` -> [{country: 'US', state: 'TX'}, ...]: the form's one text box of jurisdictions. */
export const jurisdictionsFromText = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((code) => {
      const [country, state] = code.split('-');
      return state ? { country, state } : { country };
    });

/**
 * The form's certificate, for the request openRequest opened: checked as POST /v1/customers/{id}/exemptions checks one (400 naming the field), its
 * document as a certificate's document; then the certificate and the request's completion in one transaction.
 */
export async function submitCertificate(
  deps: Pick<Deps, 'certificateRequests'> & { documents: BlobStore },
  { accountId, request }: { accountId: string; request: StoredCertificateRequest },
  form: CertificateForm,
  file: { bytes: Buffer; truncated: boolean } | undefined,
  now = new Date(),
): Promise<Exemption> {
  const id = request.id;
  const fields = parseWith(createExemptionSchema, {
    reason: form.reason,
    jurisdictions: jurisdictionsFromText(form.jurisdictions),
    certificate_number: form.certificate_number,
    effective_from: form.effective_from,
    ...(form.expires_on ? { expires_on: form.expires_on } : {}),
  });
  if (!file || file.bytes.length === 0) throw new PageRefusal(400, "'document' is required: attach the certificate (PDF, PNG or JPEG, at most 4 MiB).");
  if (file.truncated)
    throw new AppError(413, 'document_too_large', `The document is over ${MAX_INLINE_DOCUMENT_BYTES} bytes (4 MiB), the most this form takes.`);
  const exemption = newExemption(request.customer_id, fields, now);
  exemption.document = await storeDocument(deps.documents, (sha256) => documentKey(accountId, request.customer_id, exemption.id, sha256), file.bytes, now);
  const outcome = await deps.certificateRequests.complete(accountId, id, exemption, now);
  if (outcome === 'used') throw new PageRefusal(410, 'This link has already been used: the certificate was received.');
  if (outcome === 'missing_customer') throw new NotFoundError('customer', request.customer_id);
  if (outcome === 'too_many') throw new ConflictError('too_many_exemptions', 'The seller keeps no more certificates for this customer; contact the seller.');
  return withStatus(exemption, utcDay(now));
}
