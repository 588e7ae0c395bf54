/**
 * Secondary adapter (DynamoDB, Exemptions and Registrations tables, Scan): the records the daily run of time-driven
 * events looks at. A Scan with a date filter once a day reads each table once (a read capacity cost proportional to
 * the table, paid daily); an index on the dates would make it a Query, but a null expires_on cannot be an index key,
 * so that index needs a separate attribute (left for when the tables grow; docs/webhooks.md).
 */
import type { CalendarSource } from '../../ports/events';

type Dated<T> = T & Record<string, unknown>;
import { FINGERPRINT } from './conditional-create';
import { scanAll, withoutKeys } from './query';
import { toRegistration } from './registration-store';

export class DynamoDbCalendarSource implements CalendarSource {
  constructor(
    private readonly exemptionsTableName: string,
    private readonly registrationsTableName: string,
  ) {}

  async exemptionsExpiringBetween(from: string, to: string) {
    const items = await scanAll({
      TableName: this.exemptionsTableName,
      FilterExpression: 'attribute_type(revoked_at, :null_type) AND expires_on BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':null_type': 'NULL', ':from': from, ':to': to },
    });
    return items.map((item) => ({
      accountId: String(item.account_id),
      exemption: withoutKeys<Dated<{ id: string; expires_on: string | null; revoked_at: string | null }>>(item, ['account_id', 'sk', FINGERPRINT]),
    }));
  }

  async registrationsChangingBetween(from: string, to: string) {
    const items = await scanAll({
      TableName: this.registrationsTableName,
      FilterExpression: 'begins_with(id, :prefix) AND (active_from BETWEEN :from AND :to OR expires_at BETWEEN :from AND :to)',
      ExpressionAttributeValues: { ':prefix': 'reg_', ':from': from, ':to': to },
    });
    return items.map((item) => ({
      accountId: String(item.account_id),
      registration: withoutKeys<Dated<{ id: string; active_from: string; expires_at?: string }>>(item, ['account_id', FINGERPRINT]),
    }));
  }

  async registrationsInForceSince(since: string) {
    const items = await scanAll({
      TableName: this.registrationsTableName,
      FilterExpression: 'begins_with(id, :prefix) AND (attribute_not_exists(expires_at) OR expires_at > :since)',
      ExpressionAttributeValues: { ':prefix': 'reg_', ':since': since },
    });
    return items.map((item) => ({ accountId: String(item.account_id), registration: toRegistration(item) }));
  }
}
