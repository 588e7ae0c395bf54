/**
 * Use case (loaded on demand by quote-sale.ts, through its `subjects` loader): what a sale names instead of restating it. Reads the stored
 * customer and its certificates and the products of the lines, in parallel; answers each line's tax code on the
 * sale's date (the product's code then: taxCodeOn; a `tax_code` sent overrides it), rates a code with the engine
 * (calculateTaxCodeRate), and applies the certificate that covers the line's jurisdiction on that date
 * (applicableExemption). An unknown customer, product or code is a 400 naming the field and the id: the route
 * exists, the id does not (another account's ids alike). Kept out of the rate function's cold start: the catalogue
 * and the certificate rule load only with the first sale that names a customer, product or code.
 */
import { exemptRate } from '../../domain/cart/cart';
import { applicableExemption } from '../../domain/exemptions/applicable';
import type { StoredExemption } from '../../domain/exemptions/certificate';
import { taxCodeOn, type Product } from '../../domain/products/product';
import type { LineSubject } from '../../domain/sales/line-subject';
import { calculateTaxCodeRate } from '../../domain/tax/tax-code-rate';
import { STRIPE_TAX_CODE_PATTERN, taxCode, taxCodeForStripe } from '../../domain/tax/tax-codes';
import { deliveryMisfit } from '../../domain/tax/vocabulary';
import { fieldError } from '../../domain/validation';
import type { LineCode, QuoteDeps, RatedLine, SaleSubjects } from '../../ports/sale-parts';

const at = (path: string, field: string) => (path ? `${path}.${field}` : field);

/**
 * The Levy code a line's `tax_code` names: a Levy code as it is, a Stripe code (`txcd_...`) through the crosswalk; a
 * Stripe code the crosswalk does not map is a 400 naming it.
 */
function sentCode(line: LineSubject, path: string): { code: string; stripe?: string } | undefined {
  const sent = line.tax_code;
  if (sent === undefined || !STRIPE_TAX_CODE_PATTERN.test(sent)) return sent === undefined ? undefined : { code: sent };
  const mapped = taxCodeForStripe(sent);
  if (!mapped) {
    throw fieldError(
      at(path, 'tax_code'),
      `is '${sent}', a Stripe tax code Levy's crosswalk does not map; GET /v1/tax_codes lists each Levy code with its Stripe equivalent (crosswalk.stripe), or send a Levy code`,
    );
  }
  return { code: mapped.id, stripe: sent };
}

/** A line's tax code on the sale's date (the product's, unless `tax_code` overrides it); an unknown id or code is a 400. */
function lineCode(line: LineSubject, path: string, productById: ReadonlyMap<string, Product | undefined>, date: string): LineCode | undefined {
  const sent = sentCode(line, path);
  let code = sent?.code;
  if (line.product_id !== undefined) {
    const product = productById.get(line.product_id);
    if (!product) throw fieldError(at(path, 'product_id'), `is '${line.product_id}', which is not a product of this account (POST /v1/products creates one)`);
    code ??= taxCodeOn(product, date);
  }
  if (code === undefined) return undefined;
  const entry = taxCode(code);
  if (!entry) {
    throw line.tax_code !== undefined
      ? fieldError(at(path, 'tax_code'), `is '${code}', which is not a Levy tax code; GET /v1/tax_codes lists them`)
      : fieldError(at(path, 'product_id'), `is '${line.product_id}', whose tax code on ${date} (${code}) is no longer in Levy's catalogue`);
  }
  const misfit =
    line.delivery_method !== undefined ? deliveryMisfit(entry.category, line.delivery_method, `tax code ${code} (category ${entry.category})`) : undefined;
  if (misfit) throw fieldError(at(path, 'delivery_method'), misfit);
  return {
    tax_code: code,
    ...(sent?.stripe !== undefined ? { stripe_tax_code: sent.stripe } : {}),
    ...(line.product_id !== undefined ? { product_id: line.product_id } : {}),
  };
}

type StoredCustomer = NonNullable<Awaited<ReturnType<QuoteDeps['customers']['get']>>>;

/** What a sale takes from its stored customer: type, rated location and the first valid tax ID. */
function storedCustomer(customer: StoredCustomer): NonNullable<SaleSubjects['customer']> {
  const taxId = customer.tax_ids.find((id) => id.valid === true);
  return {
    customer_type: customer.customer_type,
    location: {
      country: customer.address.country,
      // Regions are rated only in the US and Canada; elsewhere the address's region is descriptive.
      ...(customer.address.state !== undefined && (customer.address.country === 'US' || customer.address.country === 'CA')
        ? { state: customer.address.state }
        : {}),
      ...(customer.address.postal_code !== undefined ? { postal_code: customer.address.postal_code } : {}),
    },
    ...(taxId ? { taxId: { value: taxId.value, ...(taxId.type ? { type: taxId.type } : {}) } } : {}),
  };
}

/** A line rated by its tax code (calculateTaxCodeRate), with the category and delivery the code implies. */
const rateByCode: SaleSubjects['rateByCode'] = (input, context, code, delivery) => {
  const calculation = calculateTaxCodeRate({ ...input, tax_code: code.tax_code, ...(delivery !== undefined ? { delivery_method: delivery } : {}) }, context);
  return {
    rate: calculation,
    product_category: calculation.tax_code.category,
    delivery_method: delivery ?? calculation.tax_code.default_delivery,
    taxability: {
      ...(code.product_id !== undefined ? { product_id: code.product_id } : {}),
      tax_code: code.tax_code,
      ...(code.stripe_tax_code !== undefined ? { stripe_tax_code: code.stripe_tax_code } : {}),
      taxability_reason: calculation.taxability_reason,
    },
    exemptPercentage: 0,
  };
};

/** The line under the customer's certificate covering its jurisdiction on `day` (applicableExemption), if any. */
function withCertificate(certificates: readonly StoredExemption[], line: RatedLine, day: string): RatedLine {
  // A line that bears no tax anyway keeps the engine's reason: there is nothing for a certificate to exempt.
  if (certificates.length === 0 || line.rate.totalPpm === 0) return line;
  const { country, state } = line.rate.result.jurisdiction;
  const certificate = applicableExemption(certificates, { country, ...(state !== undefined ? { state } : {}) }, day);
  if (!certificate) return line;
  const exemption = {
    id: certificate.id,
    reason: certificate.reason,
    certificate_number: certificate.certificate_number,
    exempt_percentage: certificate.exempt_percentage,
  };
  return {
    ...line,
    // Wholly exempt: no rate at all, as the request's `exempt` flag answers; in part: the rates, on the taxable share.
    rate: certificate.exempt_percentage === 100 ? exemptRate(line.rate) : line.rate,
    taxability: { ...line.taxability, taxability_reason: 'customer_exempt', exemption },
    exemptPercentage: certificate.exempt_percentage,
  };
}

export async function loadSaleSubjects(
  deps: Pick<QuoteDeps, 'customers' | 'exemptions' | 'products'>,
  accountId: string,
  customerId: string | undefined,
  lines: readonly LineSubject[],
  date: string,
  linePath: (index: number) => string,
): Promise<SaleSubjects> {
  const productIds = [...new Set(lines.flatMap((line) => (line.product_id !== undefined ? [line.product_id] : [])))];
  const [customer, certificates, products] = await Promise.all([
    customerId !== undefined ? deps.customers.get(accountId, customerId) : undefined,
    customerId !== undefined ? deps.exemptions.listOf(accountId, customerId) : ([] as StoredExemption[]),
    Promise.all(productIds.map((id) => deps.products.get(accountId, id))),
  ]);
  if (customerId !== undefined && !customer) {
    throw fieldError('customer_id', `is '${customerId}', which is not a customer of this account (POST /v1/customers creates one)`);
  }
  const productById = new Map<string, Product | undefined>(productIds.map((id, i) => [id, products[i]]));

  // Every line's code is settled (and every unknown id refused) before anything is rated.
  const codes = lines.map((line, index) => lineCode(line, linePath(index), productById, date));

  return {
    ...(customer ? { customer: storedCustomer(customer) } : {}),
    codeOf: (index) => codes[index],
    rateByCode,
    withCertificate: (line, day) => withCertificate(certificates, line, day),
  };
}
