/**
 * Composition root for the laptop tools and tests: every port in one object. Lambda handlers import the ports they
 * need from ./ports instead, so their bundles stay small.
 */
import type { Ports } from '../ports/ports';
import { accounts, apiKeys, customers, documents, entities, exemptions, exposure, keyActivity, locations, products, refunds, registrations, sales, settings, usage, vendors, zipRates } from './ports';
import { collection, establishments, nexusWatch, subjects, taxIds } from './sale-parts';

export const ports: Ports = {
  accounts,
  apiKeys,
  keyActivity,
  vendors,
  entities,
  sales,
  refunds,
  exposure,
  usage,
  zipRates,
  locations,
  customers,
  exemptions,
  documents,
  products,
  registrations,
  settings,
  subjects,
  collection,
  establishments,
  taxIds,
  nexusWatch,
};
