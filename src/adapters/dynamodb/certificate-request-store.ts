/**
 * Secondary adapter (DynamoDB, CertificateRequests table keyed (account_id, id)): certificate requests, and the
 * deployment's link-signing secret (one item in partition `~deployment`, made by a conditional put on first use, so
 * every function of the deployment reads the same one; docs/notices.md). Completing a request is ONE transaction with
 * the new certificate (the exemption store's own writes, its event included): single use.
 */
import { randomBytes } from 'node:crypto';
import type { StoredExemption } from '../../domain/exemptions/certificate';
import type { StoredCertificateRequest } from '../../domain/notices/certificate-request';
import type { Page, PageRequest } from '../../domain/records/record';
import type { CertificateRequestStore, UrlTokenSecrets } from '../../ports/notices';
import { documentClient } from './client';
import { createPut, FINGERPRINT, putNewId, refusedCreate } from './conditional-create';
import { unlessConditionFails } from './conditional-write';
import type { DynamoDbExemptionStore } from './exemption-store';
import { accountPage, withoutKeys } from './query';
import { cancellationCodes, transactWrite } from './transact';

const toRequest = (item: Record<string, unknown>): StoredCertificateRequest => withoutKeys<StoredCertificateRequest>(item, ['account_id', FINGERPRINT]);

/** Where the secret is: no account id starts with `~`. */
const SECRET_KEY = { account_id: '~deployment', id: 'url_token_secret' };

export class DynamoDbCertificateRequestStore implements CertificateRequestStore, UrlTokenSecrets {
  constructor(
    private readonly tableName: string,
    /** Made by the first completion: a function that only opens requests is not given the Exemptions table. */
    private readonly exemptionStore: () => Promise<DynamoDbExemptionStore>,
  ) {}

  /** A Levy-made id: written once however often the write is sent (conditional-create.ts). */
  async create(accountId: string, request: StoredCertificateRequest): Promise<void> {
    await putNewId(createPut(this.tableName, { account_id: accountId, ...request }, 'id'));
  }

  async get(accountId: string, id: string): Promise<StoredCertificateRequest | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item && toRequest(Item);
  }

  async listOf(accountId: string, customerId: string, page: PageRequest): Promise<Page<StoredCertificateRequest>> {
    const { items, has_more } = await accountPage(this.tableName, accountId, page, { where: { customer_id: customerId }, consistent: true });
    return { data: items.map(toRequest), has_more };
  }

  async complete(accountId: string, requestId: string, exemption: StoredExemption, now: Date): Promise<'completed' | 'used' | 'missing_customer' | 'too_many'> {
    const at = now.toISOString();
    const exemptions = await this.exemptionStore();
    const items = exemptions.creationItems(accountId, exemption);
    try {
      await transactWrite([
        ...items,
        {
          Update: {
            TableName: this.tableName,
            Key: { account_id: accountId, id: requestId },
            UpdateExpression: 'SET completed_at = :at, exemption_id = :exemption, updated_at = :at',
            ConditionExpression: 'attribute_exists(id) AND attribute_type(completed_at, :null_type) AND expires_at > :at',
            ExpressionAttributeValues: { ':at': at, ':exemption': exemption.id, ':null_type': 'NULL' },
          },
        },
      ]);
      return 'completed';
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      // The certificate found written by this same write (sent again after its answer was lost): completed.
      if (refusedCreate(error, items[1], 1)?.outcome === 'replayed') return 'completed';
      if (codes[items.length] === 'ConditionalCheckFailed') return 'used';
      if (codes[0] === 'ConditionalCheckFailed') return exemptions.whyRefused(accountId, exemption.customer_id);
      throw error;
    }
  }

  /** The deployment's link-signing secret never changes once made, so a container reads it once. */
  private knownSecret: Buffer | undefined;

  async secret(create: boolean): Promise<Buffer | undefined> {
    if (this.knownSecret) return this.knownSecret;
    const read = async () => {
      const { Item } = await documentClient().get({ TableName: this.tableName, Key: SECRET_KEY, ConsistentRead: true });
      return typeof Item?.secret === 'string' ? Buffer.from(Item.secret, 'base64') : undefined;
    };
    let secret = await read();
    if (!secret && create) {
      // Two first uses at once: one put wins, both read the winner's.
      await unlessConditionFails(() =>
        documentClient().put({
          TableName: this.tableName,
          Item: { ...SECRET_KEY, secret: randomBytes(32).toString('base64'), created_at: new Date().toISOString() },
          ConditionExpression: 'attribute_not_exists(id)',
        }),
      );
      secret = await read();
    }
    this.knownSecret = secret;
    return secret;
  }
}
