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

/** Header names lower-cased (SigV4 signs them so); of two spellings of one name the later one is kept. */
const lowerCased = (headers: Record<string, string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
};

const signedHeadersOf = (headers: Record<string, string>): string => Object.keys(headers).sort().join(';');
const credentialScopeOf = (date: string, scope: { region: string; service: string }): string => `${date.slice(0, 8)}/${scope.region}/${scope.service}/aws4_request`;

/**
 * The steps both forms share: the canonical request (headers lower-cased, sorted, trimmed), the string to sign over
 * it and its HMAC with the day's signing key. `query` is the canonical query string ('' for a header-signed request).
 */
function signature(
  request: { method: string; path: string; query: string; headers: Record<string, string>; payloadHash: string },
  date: string,
  scope: { region: string; service: string },
  credentials: AwsCredentials,
): string {
  const names = Object.keys(request.headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${request.headers[name].trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [request.method, request.path, request.query, canonicalHeaders, names.join(';'), request.payloadHash].join('\n');
  const stringToSign = [ALGORITHM, date, credentialScopeOf(date, scope), sha256Hex(canonicalRequest)].join('\n');
  return createHmac('sha256', signingKey(credentials.secretAccessKey, date.slice(0, 8), scope.region, scope.service))
    .update(stringToSign)
    .digest('hex');
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
  const payloadHash = sha256Hex(request.body);
  const headers = lowerCased(request.headers);
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = payloadHash;
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;

  const sig = signature({ method: request.method, path: request.path, query: '', headers, payloadHash }, date, scope, credentials);
  headers.authorization = `${ALGORITHM} Credential=${credentials.accessKeyId}/${credentialScopeOf(date, scope)}, SignedHeaders=${signedHeadersOf(headers)}, Signature=${sig}`;
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
  const headers = lowerCased(request.headers);
  const query: Record<string, string> = {
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${credentials.accessKeyId}/${credentialScopeOf(date, scope)}`,
    'X-Amz-Date': date,
    'X-Amz-Expires': String(expiresInSeconds),
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    'X-Amz-SignedHeaders': signedHeadersOf(headers),
  };
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((name) => `${encodeQueryPart(name)}=${encodeQueryPart(query[name])}`)
    .join('&');
  const sig = signature({ method: request.method, path: request.path, query: canonicalQuery, headers, payloadHash: 'UNSIGNED-PAYLOAD' }, date, scope, credentials);
  return `${canonicalQuery}&X-Amz-Signature=${sig}`;
}
