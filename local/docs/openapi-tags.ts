/**
 * Docs: the reference page's groups. Each operation is filed under the resource its path names (a tag per resource, in
 * the order the README's intro lists the areas), so the page's sections are the API's resources.
 */
import type { RouteDefinition } from '../../src/config/routes';

interface Tag {
  name: string;
  description: string;
  /** The paths of this resource (the first tag whose pattern matches takes the route). */
  paths: RegExp;
}

export const resourceTags: readonly Tag[] = [
  { name: 'Tax rates', paths: /^\/v1\/tax\/rate$/, description: 'The rate for one product, customer and place (billable)' },
  { name: 'Tax IDs', paths: /^\/v1\/tax\/id-validate$/, description: 'Offline validation of VAT, GST and other tax numbers (billable)' },
  { name: 'Unify', paths: /^\/v1\/tax\/unify$/, description: 'Cart-level calculation, optionally committed as a recorded sale (billable)' },
  { name: 'Transactions', paths: /^\/v1\/transactions/, description: 'Recorded sales, their refunds, and paid Stripe sessions or invoices imported as sales' },
  { name: 'Exposure', paths: /^\/v1\/exposure\//, description: 'The tax owed by country, state and county, from the recorded sales' },
  {
    name: 'Coverage',
    paths: /^\/v1\/tax\/coverage$/,
    description: 'What this installation knows: US ZIP tables by month, crosswalk, FX rates and rule data versions, with warnings',
  },
  { name: 'Tax codes', paths: /^\/v1\/tax_codes/, description: "The tax-code catalogue (Stripe's txcd_ codes mapped)" },
  { name: 'Products', paths: /^\/v1\/products/, description: 'Products and the tax codes they carry, effective-dated' },
  { name: 'Customers', paths: /^\/v1\/customers(\/\{id\})?$/, description: 'Buyers with their type, address and tax IDs' },
  { name: 'Exemption certificates', paths: /^\/v1\/customers\/\{id\}\/exemptions/, description: "A customer's exemption certificates and their documents" },
  {
    name: 'Certificate requests',
    paths: /^(\/v1\/customers\/\{id\})?\/certificate_requests/,
    description: 'Signed, single-use links for a customer to upload a certificate, and the page they open',
  },
  { name: 'Registrations', paths: /^\/v1\/registrations/, description: 'Where the account is registered to collect tax, and its filing schedules' },
  { name: 'Nexus', paths: /^\/v1\/nexus/, description: 'Economic-nexus and registration thresholds per jurisdiction, and what-if simulations' },
  { name: 'Settings', paths: /^\/v1\/settings/, description: "The account's tax settings" },
  { name: 'Events', paths: /^\/v1\/events/, description: 'Every change as an event, kept 30 days' },
  { name: 'Webhook endpoints', paths: /^\/v1\/webhook_endpoints/, description: 'Where events are delivered, signed, with their delivery attempts' },
  { name: 'Notifications', paths: /^\/v1\/notifications/, description: 'What needs acting on (a threshold near, a certificate expiring)' },
  { name: 'Returns', paths: /^\/v1\/returns/, description: 'Tax returns computed from the ledger: draft, adjusted, finalized, filed' },
  { name: 'Tax calendar', paths: /^\/v1\/tax_calendar/, description: 'Filing due dates of the registrations, and their iCalendar feed' },
  { name: 'Notices', paths: /^\/v1\/notices/, description: 'Letters from tax authorities and their documents' },
  { name: 'Invoice series', paths: /^\/v1\/invoice_series/, description: 'Invoice numbering series of an entity' },
  {
    name: 'Credit notes',
    paths: /^\/v1\/(invoices\/\{id\}\/)?credit_notes/,
    description: 'Corrections of finalized invoices, their refunds recorded, with PDF and e-invoices',
  },
  { name: 'Invoices', paths: /^\/v1\/invoices/, description: 'Invoices with their mandatory fields, PDF and e-invoices (UBL, CII, Factur-X)' },
  { name: 'Checkouts', paths: /^\/v1\/checkouts/, description: 'Tax quote sessions that ask for what is still missing, completed once as a sale' },
  { name: 'Payment links', paths: /^\/v1\/payment_links/, description: 'Reusable quote templates; each buyer opens a checkout from one' },
  { name: 'Vendors', paths: /^\/vendors/, description: 'Suppliers and their tax details' },
  { name: 'Entities', paths: /^\/entities/, description: 'The legal entities the account sells from: the primary one and its subsidiaries' },
  { name: 'Usage', paths: /^\/v1\/usage/, description: 'Billable calls per day and endpoint' },
  { name: 'Documentation', paths: /^\/(docs|openapi\.json)/, description: 'This document and its reference page, without a key' },
];

/** The tag of a route: its resource's. A route of no resource here is a mistake to fix in this table. */
export function tagOf(route: RouteDefinition): string {
  const tag = resourceTags.find((t) => t.paths.test(route.path));
  if (!tag) throw new Error(`${route.method} ${route.path} belongs to no tag of local/docs/openapi-tags.ts: add its resource there`);
  return tag.name;
}

/** The document's `tags`: each resource with its description, in this order. */
export const documentTags = () => resourceTags.map(({ name, description }) => ({ name, description }));
