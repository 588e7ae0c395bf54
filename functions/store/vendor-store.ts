/**
 * Secondary adapter (DynamoDB, Vendors table): vendor records of an account.
 */
import { tableName } from '../constants';
import type { Vendor } from '../records/vendor';
import { AccountRecordStore } from './account-record-store';

export const vendorStore = new AccountRecordStore<Vendor>(tableName('Vendors'));
