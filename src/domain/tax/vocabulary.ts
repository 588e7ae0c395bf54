/**
 * Domain (pure data, a leaf): the words a tax request is made of: what is sold, how it reaches the customer, and
 * who the customer is. Their schemas are in src/domain/fields/sale.ts; docs/tax-rules.md says what each one means.
 */

export const productCategories = ['SAAS', 'DIGITAL_GOODS', 'EBOOKS', 'PHYSICAL_GOODS', 'PROFESSIONAL_SERVICES'] as const;
export const deliveryMethods = ['CLOUD', 'DOWNLOAD', 'SHIPPED', 'PICKUP', 'IN_PERSON'] as const;
export const customerTypes = ['B2B', 'B2C', 'GOVERNMENT', 'NONPROFIT', 'RESELLER'] as const;
/** Which government a GOVERNMENT customer is (US sales tax): `state` and `local` mean the taxing state's own. */
export const governmentLevels = ['federal', 'state', 'local'] as const;

export type ProductCategory = (typeof productCategories)[number];
export type DeliveryMethod = (typeof deliveryMethods)[number];
export type CustomerType = (typeof customerTypes)[number];
export type GovernmentLevel = (typeof governmentLevels)[number];

/** Business customers for VAT and GST: RESELLER is a business buying for resale (VAT systems have no resale exemption). */
export const isBusiness = (customerType: CustomerType): boolean => customerType === 'B2B' || customerType === 'RESELLER';

/**
 * Deliveries that reach the customer wherever it is (the place of supply rules of services sold remotely apply).
 * IN_PERSON and, for services, PICKUP (performed at the seller's premises) are taxed where performed: the location sent.
 */
export const remoteDeliveryMethods: readonly DeliveryMethod[] = ['CLOUD', 'DOWNLOAD'];

/** Which deliveries make sense for each category; anything else is a 400 (software is not shipped, goods not streamed). */
export const allowedDeliveryMethods: Readonly<Record<ProductCategory, readonly DeliveryMethod[]>> = {
  SAAS: ['CLOUD'],
  DIGITAL_GOODS: ['DOWNLOAD', 'CLOUD'],
  EBOOKS: ['DOWNLOAD', 'CLOUD'],
  PHYSICAL_GOODS: ['SHIPPED', 'PICKUP'],
  PROFESSIONAL_SERVICES: ['CLOUD', 'DOWNLOAD', 'IN_PERSON', 'PICKUP'],
};

/**
 * The 400's wording when a delivery does not fit a category (`is DOWNLOAD, which does not fit <what>; allowed: ...`),
 * undefined when it fits: the one rule rate requests, catalogue codes and stored products are refused by; each caller
 * names the field and says what `what` is (the category, or the code and its category).
 */
export function deliveryMisfit(category: ProductCategory, delivery: DeliveryMethod, what: string): string | undefined {
  const allowed = allowedDeliveryMethods[category];
  return allowed.includes(delivery) ? undefined : `is ${delivery}, which does not fit ${what}; allowed: ${allowed.join(', ')}`;
}

/**
 * The 400's wording when a government level comes with a customer type other than GOVERNMENT, undefined when it may;
 * `customerIs` says which type the customer is, in the caller's words.
 */
export function governmentLevelMisfit(customerType: CustomerType, level: GovernmentLevel | undefined, customerIs: string): string | undefined {
  return level !== undefined && customerType !== 'GOVERNMENT' ? `is only used with customer_type GOVERNMENT (${customerIs})` : undefined;
}

/** How a listed price relates to its tax (invoices, payment links): tax added on top, or carved out of the price. */
export const taxBehaviors = ['exclusive', 'inclusive'] as const;
export type TaxBehavior = (typeof taxBehaviors)[number];
