/**
 * Composition root for the laptop tools and tests: every port in one object. Lambda handlers import the ports they
 * need from ./ports instead, so their bundles stay small.
 */
import type { Ports } from '../ports/ports';
import { invoicePdf } from './invoice-pdf';
import * as root from './ports';
import { collection, establishments, nexusWatch, subjects, taxIds } from './sale-parts';
import { stdnumModules } from './stdnum-modules';

const {
  accounts, apiKeys, keyActivity, vendors, entities, sellerEntities, customers, exemptions, documents, certificateRequests,
  urlTokenSecrets, products, registrations, settings, notices, checkouts, paymentLinks, invoices, sales, refunds, exposure,
  nexusCounters, usage, fxRates, returns, returnLedger, filedReturns, calendarFeedTokens, zipRates, cachedZipRates, zipSides,
  locations, events, notifications, nexusEvents, calendar, webhookEndpoints, deliveries, deliveryQueue, hostResolver,
  webhookTransport,
} = root;

export const ports: Ports = {
  accounts, apiKeys, keyActivity, vendors, entities, sellerEntities, customers, exemptions, documents, certificateRequests,
  urlTokenSecrets, products, registrations, settings, notices, checkouts, paymentLinks, invoices, invoicePdf, sales, refunds,
  exposure, nexusCounters, usage, fxRates, returns, returnLedger, filedReturns, calendarFeedTokens, zipRates, cachedZipRates,
  zipSides, locations, events, notifications, nexusEvents, calendar, webhookEndpoints, deliveries, deliveryQueue,
  hostResolver, webhookTransport, subjects, collection, establishments, taxIds, nexusWatch, stdnumModules,
};
