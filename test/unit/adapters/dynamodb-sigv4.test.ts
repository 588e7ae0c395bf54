/**
 * Unit: the lean DynamoDB client's SigV4 (src/adapters/aws/sigv4.ts) against an oracle, @smithy/signature-v4 (the
 * SDK's signer, a dev-time dependency here only), for every operation Levy sends, with and without a session token,
 * with non-ASCII bodies and header values with runs of spaces; and against AWS's published worked example.
 */
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../../support/sdk-sha256';
import { signRequest, type AwsCredentials } from '../../../src/adapters/aws/sigv4';


const operations = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'Scan', 'BatchGetItem', 'BatchWriteItem', 'TransactWriteItems'];
const bodies = [
  '{"TableName":"levy-Accounts","Key":{"account_id":{"S":"acct_1"}}}',
  '{"TableName":"Entities","Item":{"name":{"S":"Müller & Söhne GmbH — Zürich 日本 🧾"},"n":{"N":"12.5"}}}',
  '{}',
];
const withToken: AwsCredentials = { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'IQoJb3JpZ2luX2VjE//token=' };
const withoutToken: AwsCredentials = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/with+chars=' };

const cases = operations.flatMap((operation, i) =>
  [withToken, withoutToken].map((credentials, j) => ({
    operation,
    credentials,
    body: bodies[(i + j) % bodies.length],
    region: ['us-east-1', 'eu-central-1', 'ap-southeast-2'][(i + j) % 3],
    // Across midnight UTC, so the scope's day changes too.
    now: new Date(Date.UTC(2026, 0, 31, 23, 59, 50 + i * 2 + j)),
  })),
);

describe('SigV4 for DynamoDB', () => {
  it.each(cases)('$operation (session token: $credentials.sessionToken) equals the SDK signer', async ({ operation, credentials, body, region, now }) => {
    const host = `dynamodb.${region}.amazonaws.com`;
    const headers = {
      host,
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${operation}`,
      'content-length': String(Buffer.byteLength(body)),
    };
    const mine = signRequest({ method: 'POST', path: '/', headers, body }, { region, service: 'dynamodb' }, credentials, now);
    const oracle = new SignatureV4({ service: 'dynamodb', region, credentials, sha256: Sha256, uriEscapePath: true });
    const signed = await oracle.sign(new HttpRequest({ method: 'POST', protocol: 'https:', hostname: host, path: '/', headers: { ...headers }, body }), { signingDate: now });
    const expected = Object.fromEntries(Object.entries(signed.headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(mine.authorization).toBe(expected.authorization);
    expect(mine['x-amz-date']).toBe(expected['x-amz-date']);
    expect(mine['x-amz-content-sha256']).toBe(expected['x-amz-content-sha256']);
    expect(mine['x-amz-security-token']).toBe(expected['x-amz-security-token']);
    expect(Object.keys(mine).sort()).toEqual(Object.keys(expected).sort());
  });

  it('trims header values and folds runs of spaces as the SDK signer does', async () => {
    const now = new Date(Date.UTC(2026, 5, 1, 12));
    const headers = { host: 'dynamodb.us-east-1.amazonaws.com', 'x-custom': '  a   b  c ', 'content-type': 'application/x-amz-json-1.0' };
    const mine = signRequest({ method: 'POST', path: '/', headers, body: '{}' }, { region: 'us-east-1', service: 'dynamodb' }, withoutToken, now);
    const oracle = new SignatureV4({ service: 'dynamodb', region: 'us-east-1', credentials: withoutToken, sha256: Sha256 });
    const signed = await oracle.sign(new HttpRequest({ method: 'POST', protocol: 'https:', hostname: headers.host, path: '/', headers: { ...headers }, body: '{}' }), { signingDate: now });
    expect(mine.authorization).toBe(signed.headers.authorization);
  });

  it("matches AWS's published example (S3 GET Object, signed payload hash, in the S3 API reference)", () => {
    const mine = signRequest(
      { method: 'GET', path: '/test.txt', headers: { Host: 'examplebucket.s3.amazonaws.com', Range: 'bytes=0-9' }, body: '' },
      { region: 'us-east-1', service: 's3' },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      new Date(Date.UTC(2013, 4, 24)),
    );
    expect(mine['x-amz-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(mine.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
