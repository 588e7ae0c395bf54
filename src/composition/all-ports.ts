/**
 * Composition root for the laptop tools and tests: every port in one object. Lambda handlers import the ports they
 * need from ./ports instead, so their bundles stay small.
 */
import type { Ports } from '../ports/ports';
import { invoicePdf } from './invoice-pdf';
import * as root from './ports';
import { collection, establishments, nexusWatch, subjects, taxIds } from './sale-parts';
import { stdnumModules } from './stdnum-modules';

// Every port of ./ports, less the few exports that are not ports (the stores other ports are built from, the local
// delivery queue, the stream adapter); the type says whether a port is missing.
const { usageStore: _usageStore, customerStore: _customerStore, localDeliveryQueue: _localDeliveryQueue, streamEvents: _streamEvents, ...rootPorts } = root;

export const ports: Ports = { ...rootPorts, invoicePdf, subjects, collection, establishments, taxIds, nexusWatch, stdnumModules };
