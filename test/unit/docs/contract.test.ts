/**
 * The contract check of test/support/contract.ts (run on every answer of callRoute and the HTTP requester) accepts
 * what docs/openapi.json documents and fails on anything else: an undocumented field, status, error code or media type.
 */
import { assertDocumentedResponse } from '../../support/contract';

const vendor = {
  id: 'vnd_0mhx2k3c0a1b2c3d4e5f60718',
  name: 'Acme Cloud GmbH',
  country: 'DE',
  tax_id: null,
  exempt: false,
  email: null,
  created_at: '2026-01-15T09:30:00.000Z',
  updated_at: '2026-01-15T09:30:00.000Z',
};
const json = 'application/json';

describe('contract check against docs/openapi.json', () => {
  it('accepts a documented answer', () => {
    expect(() => assertDocumentedResponse({ method: 'GET', path: '/vendors/{id}', status: 200, contentType: json, body: vendor })).not.toThrow();
    expect(() => assertDocumentedResponse({ method: 'DELETE', path: '/vendors/{id}', status: 204, contentType: json, body: undefined })).not.toThrow();
    const notFound = { error: 'not_found', message: "No vendor with id 'x' exists.", status: 404, request_id: 'r' };
    expect(() => assertDocumentedResponse({ method: 'GET', path: '/vendors/{id}', status: 404, contentType: json, body: notFound })).not.toThrow();
  });

  it('fails on an undocumented field', () => {
    expect(() =>
      assertDocumentedResponse({ method: 'GET', path: '/vendors/{id}', status: 200, contentType: json, body: { ...vendor, colour: 'red' } }),
    ).toThrow(/must NOT have additional properties.*colour/s);
  });

  it('fails on a missing or mistyped field', () => {
    const { email: _dropped, ...withoutEmail } = vendor;
    expect(() => assertDocumentedResponse({ method: 'GET', path: '/vendors/{id}', status: 200, contentType: json, body: withoutEmail })).toThrow(
      /required.*email/s,
    );
    expect(() => assertDocumentedResponse({ method: 'GET', path: '/vendors/{id}', status: 200, contentType: json, body: { ...vendor, exempt: 'no' } })).toThrow(
      /exempt/,
    );
  });

  it('fails on a status the route does not document', () => {
    expect(() => assertDocumentedResponse({ method: 'GET', path: '/vendors/{id}', status: 201, contentType: json, body: vendor })).toThrow(/is not documented/);
    expect(() => assertDocumentedResponse({ method: 'GET', path: '/vendors/{id}', status: 409, contentType: json, body: {} })).toThrow(/is not documented/);
  });

  it("fails on an error code the route's status does not list", () => {
    const conflict = { error: 'transaction_exists', message: 'm', status: 409, request_id: 'r' };
    expect(() => assertDocumentedResponse({ method: 'POST', path: '/v1/transactions/{id}/refunds', status: 409, contentType: json, body: conflict })).toThrow(
      /allowed values/,
    );
    expect(() => assertDocumentedResponse({ method: 'POST', path: '/v1/transactions', status: 409, contentType: json, body: conflict })).not.toThrow();
  });

  it('fails on an undocumented media type, route or body on a 204', () => {
    expect(() => assertDocumentedResponse({ method: 'GET', path: '/vendors/{id}', status: 200, contentType: 'text/html', body: '<p>' })).toThrow(
      /documented: application\/json/,
    );
    expect(() => assertDocumentedResponse({ method: 'GET', path: '/nowhere', status: 200, contentType: json, body: {} })).toThrow(/not in docs\/openapi.json/);
    expect(() => assertDocumentedResponse({ method: 'DELETE', path: '/vendors/{id}', status: 204, contentType: json, body: vendor })).toThrow(/without a body/);
  });
});
