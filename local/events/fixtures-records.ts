/**
 * Local runtime (`npm run events`): the fixtures of the record routes: vendors, a subsidiary entity, a transaction,
 * customers with exemption certificates and a staged document upload, a product and a registration. Each is the
 * remembered one while it exists, else made anew through its create route.
 */
import { ports } from '../../src/composition/all-ports';
import { newUploadId } from '../../src/domain/documents/document-upload';
import { stagedUploadKey } from '../../src/usecases/exemption-document-uploads';
import { currentRun, dayAfter, type EventFixtures } from '../samples';
import { customerBody, entityBody, exemptionBody, productBody, SAMPLE_PDF, transactionBody, vendorBody } from './bodies';
import type { FixtureContext } from './fixture-context';

type RecordFixtures = Pick<EventFixtures, 'vendor_id' | 'vendor_to_delete_id' | 'entity_id' | 'transaction_id'>;
type CustomerFixtures = Pick<EventFixtures, 'customer_id' | 'customer_to_delete_id' | 'exemption_id' | 'exemption_to_revoke_id' | 'staged_upload_id'>;
type CatalogueFixtures = Pick<EventFixtures, 'product_id' | 'registration_id'>;

/** Vendors (one to keep, one to delete), the subsidiary entity and a transaction. */
export async function ensureRecordFixtures({ id, known, call, stillThere }: FixtureContext): Promise<RecordFixtures> {
  const vendor = async (knownId: string | undefined, name: string): Promise<string> =>
    knownId && (await ports.vendors.get(id, knownId)) ? knownId : (await call('vendors-create', { body: vendorBody(name) })).id;
  const vendorId = await vendor(known.vendor_id, 'Acme Cloud GmbH');
  const toDelete = await vendor(known.vendor_to_delete_id, 'Vendor to delete GmbH');
  const entityId = known.entity_id && (await ports.entities.get(id, known.entity_id)) ? known.entity_id : (await call('entities-create', { body: entityBody })).id;
  const transactionId =
    known.transaction_id && (await stillThere('transactions-get', known.transaction_id))
      ? known.transaction_id
      : (await call('transactions-create', { body: transactionBody(currentRun().freshId('order'), currentRun().today) })).id;
  return { vendor_id: vendorId, vendor_to_delete_id: toDelete, entity_id: entityId, transaction_id: transactionId };
}

/** Customers (one to keep, one to delete), two certificates of the first (one with a document, one to revoke) and a staged upload. */
export async function ensureCustomerFixtures({ id, known, call }: FixtureContext): Promise<CustomerFixtures> {
  const customer = async (knownId: string | undefined, name: string): Promise<string> =>
    knownId && (await ports.customers.get(id, knownId)) ? knownId : (await call('customers-create', { body: customerBody(name) })).id;
  const customerId = await customer(known.customer_id, 'Acme Retail Inc');
  const customerToDelete = await customer(known.customer_to_delete_id, 'Customer to delete Inc');
  const certificate = async (knownId: string | undefined, revocable: boolean): Promise<string> => {
    const found = knownId ? await ports.exemptions.get(id, customerId, knownId) : undefined;
    if (found && (revocable ? found.revoked_at === null : true)) return found.id;
    const created = (await call('exemptions-create', { pathParameters: { id: customerId }, body: exemptionBody })).id as string;
    if (!revocable) await call('exemption-document-put', { pathParameters: { id: customerId, eid: created }, document: { contentType: 'application/pdf', bytes: SAMPLE_PDF } });
    return created;
  };
  const exemptionId = await certificate(known.exemption_id, false);
  const exemptionToRevoke = await certificate(known.exemption_to_revoke_id, true);
  // Completing consumes a staged upload: a new one unless the remembered one is still waiting.
  const stagedOf = (uploadId: string) => stagedUploadKey(id, customerId, exemptionId, uploadId);
  let stagedUploadId = known.staged_upload_id;
  if (!stagedUploadId || !(await ports.documents.head(stagedOf(stagedUploadId)))) {
    stagedUploadId = newUploadId(new Date());
    await ports.documents.put(stagedOf(stagedUploadId), SAMPLE_PDF, 'application/pdf');
  }
  return { customer_id: customerId, customer_to_delete_id: customerToDelete, exemption_id: exemptionId, exemption_to_revoke_id: exemptionToRevoke, staged_upload_id: stagedUploadId };
}

/** A product and a registration of the primary entity. */
export async function ensureCatalogueFixtures({ id, known, call }: FixtureContext): Promise<CatalogueFixtures> {
  const productId = known.product_id && (await ports.products.get(id, known.product_id)) ? known.product_id : (await call('products-create', { body: productBody })).id;
  const registrationId =
    known.registration_id && (await ports.registrations.get(id, known.registration_id))
      ? known.registration_id
      : await (async () => {
          // A one-day period no earlier run used: a lost fixtures file never makes the next run's create overlap (409).
          const day = currentRun().freshDay;
          return (await call('registrations-create', { body: { country: 'US', state: 'CA', type: 'SALES_TAX', active_from: day, expires_at: dayAfter(day) } })).id;
        })();
  return { product_id: productId, registration_id: registrationId };
}
