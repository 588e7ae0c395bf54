/**
 * Test support: the wiring suites' seller and its stored customers (a Texas reseller with a resale certificate for TX
 * and CA, a consumer with a 50 % certificate for the whole US, one whose certificate expired yesterday), and the calls
 * they make on the seller's account. Every quote names its day, the day the certificates' dates were set from: a run
 * across midnight UTC stays right.
 */
import { callRoute, newTestAccount } from './api';

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
export const TODAY = day(0);
export const TX = { country: 'US', state: 'TX' };
export const NY = { country: 'US', state: 'NY' };
export const SD = { country: 'US', state: 'SD' };
export const goods = { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' };

/** The calls on the account `accountOf()` names (read at each call: the account is made in a beforeAll). */
export function wiringCalls(accountOf: () => string) {
  const customer = async (body: object) => {
    const res = await callRoute('customers-create', { accountId: accountOf(), body: { name: 'Customer', ...body } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const certificate = async (customerId: string, body: object) => {
    const res = await callRoute('exemptions-create', {
      accountId: accountOf(),
      pathParameters: { id: customerId },
      body: { certificate_number: 'C-1', effective_from: day(-100), ...body },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const rate = (body: object, account = accountOf()) => callRoute('tax-rate', { accountId: account, body: { date: TODAY, ...body } });
  const unify = (body: object) => callRoute('tax-unify', { accountId: accountOf(), body: { currency: 'USD', date: TODAY, ...body } });
  const record = (body: object) => callRoute('transactions-create', { accountId: accountOf(), body: { currency: 'USD', date: TODAY, ...body } });
  return { customer, certificate, rate, unify, record };
}

/** A new seller account with the three stored customers. */
export async function newWiringSeller() {
  const accountId = (await newTestAccount('US', 'Seller Inc')).account_id;
  const { customer, certificate } = wiringCalls(() => accountId);
  // 04-2103594: a well-formed EIN (docs/customers.md's example; IRS EIN prefixes list 04 as Andover).
  const reseller = await customer({ customer_type: 'B2B', address: TX, tax_ids: [{ type: 'us_ein', value: '04-2103594' }] });
  const resaleCertificate = await certificate(reseller, {
    reason: 'RESALE',
    jurisdictions: [TX, { country: 'US', state: 'CA' }],
    certificate_number: 'TX-01-339',
  });
  const halfExempt = await customer({ customer_type: 'B2C', address: NY });
  await certificate(halfExempt, { reason: 'OTHER', jurisdictions: [{ country: 'US' }], exempt_percentage: 50 });
  const lapsed = await customer({ customer_type: 'B2C', address: TX });
  await certificate(lapsed, { reason: 'RESALE', jurisdictions: [TX], effective_from: day(-30), expires_on: TODAY });
  return { accountId, reseller, resaleCertificate, halfExempt, lapsed };
}
