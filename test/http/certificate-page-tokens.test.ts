/**
 * A certificate request's page through the local API Gateway, reached by its link's URL as a browser sends it (issue
 * 25): a valid token with a stray character after its base64url signature (`*`, `%21` and `%00`, which the gateway
 * decodes to `!` and NUL, or `=` padding) is refused with the page any invalid token gets, although Node's lenient
 * base64url decoding would give the signature's bytes unchanged. The untouched link still opens afterwards.
 */
import { newTestAccount } from '../support/api';
import { serveForSuite } from '../support/http';

const { request } = serveForSuite();

it('refuses a token with a stray character appended (*, %21, %00, =) with the invalid-link page', async () => {
  const account = await newTestAccount('US', 'Strict Links Inc');
  const customer = await request('POST', '/v1/customers', {
    key: account.api_key,
    body: { name: 'Reseller', customer_type: 'RESELLER', address: { country: 'US', state: 'TX' } },
  });
  expect(customer.status).toBe(201);
  const created = await request('POST', `/v1/customers/${customer.body.id}/certificate_requests`, { key: account.api_key, body: {} });
  expect(created.status).toBe(201);
  const link = new URL(created.body.url);
  const token = link.searchParams.get('token')!;
  const page = (rawToken: string) => request('GET', `/certificate_requests/${created.body.id}?token=${rawToken}`);

  expect((await page(token)).status).toBe(200);
  // Any invalid token's answer: the same token with a later expiry (its signature no longer matches).
  const [accountPart, expires, mac] = token.split('.');
  const invalid = await page(`${accountPart}.${Number(expires) + 1}.${mac}`);
  expect(invalid.status).toBe(404);
  expect(invalid.body).toContain('This link is not valid');

  const answers = [];
  for (const stray of ['*', '%21', '%00', '=']) {
    const tampered = await page(`${token}${stray}`);
    answers.push([
      stray,
      tampered.status,
      tampered.headers.get('content-type'),
      tampered.body === invalid.body ? 'the invalid-link page' : tampered.body.includes('<form') ? 'the upload form' : tampered.body,
    ]);
  }
  expect(answers).toEqual(['*', '%21', '%00', '='].map((stray) => [stray, invalid.status, invalid.headers.get('content-type'), 'the invalid-link page']));
  // Refusing the tampered forms did not use up the link.
  expect((await page(token)).status).toBe(200);
});
