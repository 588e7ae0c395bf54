/**
 * Port (implemented by src/adapters/dynamodb): tax-authority notices and certificate requests (docs/notices.md).
 * Every write that reports itself writes its event in the same transaction.
 */
import type { StoredExemption } from '../domain/exemptions/certificate';
import type { Notice, NoticeStatus } from '../domain/notices/notice';
import type { StoredCertificateRequest } from '../domain/notices/certificate-request';
import type { Page, PageRequest } from '../domain/records/record';

export interface NoticeStore {
  /** Puts the new notice and its notice.created event in one transaction. */
  create(accountId: string, notice: Notice): Promise<void>;
  get(accountId: string, id: string): Promise<Notice | undefined>;
  /** A page in id order (creation order), only those of `status` when given. */
  list(accountId: string, page: PageRequest, status?: NoticeStatus): Promise<Page<Notice>>;
  /** Replaces the notice if its `updated_at` is still `seenUpdatedAt`, with its notice.updated event; false when it changed. */
  replaceIfUnchanged(accountId: string, notice: Notice, seenUpdatedAt: string): Promise<boolean>;
}

export interface CertificateRequestStore {
  create(accountId: string, request: StoredCertificateRequest): Promise<void>;
  get(accountId: string, id: string): Promise<StoredCertificateRequest | undefined>;
  /** The customer's requests, oldest first. */
  /** A page of the customer's requests, oldest first, after `startingAfter`. */
  listOf(accountId: string, customerId: string, page: PageRequest): Promise<Page<StoredCertificateRequest>>;
  /**
   * In ONE transaction: the certificate (as the exemption store creates it, with its exemption.created event and the
   * customer's count) and the request marked completed, on condition that it is still open and unexpired at `now`.
   * 'used' when the request was completed or expired meanwhile (single use), 'missing_customer', 'too_many'.
   */
  complete(accountId: string, requestId: string, exemption: StoredExemption, now: Date): Promise<'completed' | 'used' | 'missing_customer' | 'too_many'>;
}

/** The deployment's secret that signs URL tokens: made once (randomly) on first use, then the same for every function. */
export interface UrlTokenSecrets {
  /** The secret; `create` makes it when there is none yet (the route that issues links), else undefined. */
  secret(create: boolean): Promise<Buffer | undefined>;
}
