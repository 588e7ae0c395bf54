/** Secondary adapter (DynamoDB, Vendors table): vendor records of an account. */
import type { Vendor } from '../../domain/records/vendor';
import { DynamoDbRecordStore } from './record-store';

export class DynamoDbVendorStore extends DynamoDbRecordStore<Vendor> {}
