/**
 * Domain (pure): a US rule list as dated series, one per customer group and delivery method. Shared by the rule data's
 * schema (rate-data-schema.ts: the series must leave no gap) and the look-ups (rate-data.ts).
 */
import { asDatedRow, sortedByStart } from './rate-history';
import type { DeliveryMethod } from './vocabulary';

export const customerGroups = ['B2C', 'B2B'] as const;
export type CustomerGroup = (typeof customerGroups)[number];

/** What a US rule says about whom and when it covers (rate-data-schema.ts UsRule has these and more). */
export interface UsRuleScope {
  customers?: CustomerGroup | undefined;
  delivery?: readonly DeliveryMethod[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The rules of a category for one customer group and delivery: one dated series (rate-history.ts). */
export const rulesFor = <R extends UsRuleScope>(rules: readonly R[], group: CustomerGroup, delivery: DeliveryMethod) =>
  sortedByStart(
    rules
      .filter((rule) => (rule.customers === undefined || rule.customers === group) && (rule.delivery === undefined || rule.delivery.includes(delivery)))
      .map(asDatedRow),
  );
