/**
 * Secondary adapter (AWS request signing): Signature Version 4 for a request with a body, as the lean DynamoDB client
 * (lean-client.ts) sends it, written on node:crypto so that no @smithy/signature-v4 is bundled into a function. It
 * signs every header it is given (the caller leaves out the ones AWS must not see signed, e.g. X-Amzn-Trace-Id) and
 * the payload's SHA-256, which it also sends as x-amz-content-sha256 as the SDK does. The signature oracle test
 * (test/unit/adapters/dynamodb-sigv4.test.ts) checks it against @smithy/signature-v4 and AWS's published example.
 * presignQuery signs in the query string instead (S3's pre-signed URLs); test/unit/adapters/s3-blob-store.test.ts
 * checks it against the SDK's presigner and AWS's published query-string example.
 */
import { createHash, createHmac } from 'node:crypto';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface RequestToSign {
  method: string;
  /** The path, already URI-encoded ('/' for DynamoDB). */
  path: string;
  /** Header names in any case; `host` must be among them. */
  headers: Record<string, string>;
  body: string | Buffer;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** `20150830T123600Z`: the ISO 8601 basic format SigV4 asks for. */
export const amzDate = (now: Date): string => now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

// The signing key changes once a day per region and service: derived once, not four HMACs per request.
let cachedKey: { id: string; key: Buffer } | undefined;

function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const id = `${secretAccessKey}\n${day}\n${region}\n${service}`;
  if (cachedKey?.id !== id) {
    const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
    cachedKey = { id, key };
  }
  return cachedKey.key;
}

/**
 * The request's headers plus x-amz-date, x-amz-content-sha256, x-amz-security-token (with a session token) and
 * authorization; names lower-cased. The query string is empty (DynamoDB's JSON protocol never has one).
 */
export function signRequest(
  request: RequestToSign,
  scope: { region: string; service: string },
  credentials: AwsCredentials,
  now: Date,
): Record<string, string> {
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const payloadHash = sha256Hex(request.body);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = payloadHash;
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name].trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [request.method, request.path, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [ALGORITHM, date, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, scope.region, scope.service))
    .update(stringToSign)
    .digest('hex');
  headers.authorization = `${ALGORITHM} Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

export interface RequestToPresign {
  method: string;
  /** The path, already URI-encoded (S3: encoded once). */
  path: string;
  /** Headers the URL's user must send as given (signed in; `host` must be among them). */
  headers: Record<string, string>;
}

/** RFC 3986 encoding of a query name or value, as SigV4 asks (encodeURIComponent leaves !'()* alone). */
const encodeQueryPart = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A pre-signed URL's query string (SigV4 in the query, "Authenticating Requests: Using Query Parameters"): the
 * X-Amz-* parameters and the signature over the given headers, with the payload UNSIGNED-PAYLOAD (the user of the
 * URL sends bytes this function never sees; a signed content-length and content-type still bind their size and type).
 * The session token is a query parameter and is signed, as the SDK's presigner does for S3.
 */
export function presignQuery(
  request: RequestToPresign,
  scope: { region: string; service: string },
  credentials: AwsCredentials,
  now: Date,
  expiresInSeconds: number,
): string {
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const query: Record<string, string> = {
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${credentials.accessKeyId}/${credentialScope}`,
    'X-Amz-Date': date,
    'X-Amz-Expires': String(expiresInSeconds),
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    'X-Amz-SignedHeaders': signedHeaders,
  };
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((name) => `${encodeQueryPart(name)}=${encodeQueryPart(query[name])}`)
    .join('&');
  const canonicalHeaders = names.map((name) => `${name}:${headers[name].trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [request.method, request.path, canonicalQuery, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = [ALGORITHM, date, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, scope.region, scope.service))
    .update(stringToSign)
    .digest('hex');
  return `${canonicalQuery}&X-Amz-Signature=${signature}`;
}
