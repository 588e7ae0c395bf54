/**
 * Local runtime (bundle mode, LEVY_ENFORCE_IAM=1): a proxy in front of DynamoDB Local that holds each function to its
 * role's grants, as IAM does before DynamoDB sees a call. A function calls with an access key id of its own (its
 * logical id: bundled-functions.ts), so the proxy knows whose call it is; each call is checked action by action and
 * table by table as IAM evaluates it (a Query on an index is on `<table ARN>/index/<name>`; each item of a
 * TransactWriteItems by its own action: PutItem, UpdateItem, DeleteItem, ConditionCheckItem; each table of a batch).
 * A call outside the grants is answered as AWS answers it (HTTP 400, `AccessDeniedException`, which the SDK throws),
 * logged with the function, action and table, and recorded (access-denials.ts: the tests fail on one). Calls with any
 * other key id (the local tools, the tests' own set-up) pass unchecked.
 */
import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readAll } from '../server/http-io';
import { accessKeyIdOf, refuse, type AccessDenial } from './access-denials';
import { isAllowed, type FunctionGrants } from './iam-grants';
import { localTableArn } from './local-resources';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation templates and DynamoDB requests are read as untyped JSON
type Json = any;

/** What IAM checks for one call: each action on each resource. */
export function requiredPermissions(operation: string, input: Json): { action: string; table: string; index?: string }[] {
  const on = (action: string, table: string, index?: string) => ({ action: `dynamodb:${action}`, table, ...(index ? { index } : {}) });
  switch (operation) {
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys(input.RequestItems ?? {}).map((table) => on(operation, table));
    case 'TransactGetItems':
      return (input.TransactItems ?? []).map((item: Json) => on('GetItem', item.Get?.TableName));
    case 'TransactWriteItems':
      return (input.TransactItems ?? []).flatMap((item: Json) => {
        const [[kind, part]] = Object.entries<Json>(item);
        const action = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' }[kind] ?? kind;
        return [on(action, part.TableName)];
      });
    default:
      return [on(operation, input.TableName ?? '*', input.IndexName)];
  }
}

type Refusal = Omit<AccessDenial, 'function' | 'functionId'>;

/** The first permission of the call its function lacks, or undefined when the grants allow it all. */
function firstDenied(fn: FunctionGrants, operation: string, body: Buffer): Refusal | undefined {
  let input: Json;
  try {
    input = JSON.parse(body.toString('utf8') || '{}');
  } catch {
    return undefined; // DynamoDB answers a malformed body itself.
  }
  for (const { action, table, index } of requiredPermissions(operation, input)) {
    const resource = `${localTableArn(table)}${index ? `/index/${index}` : ''}`;
    if (!isAllowed(fn.grants, action, resource)) return { action, kind: 'table', name: index ? `${table} (index ${index})` : table, resource };
  }
  return undefined;
}

export interface IamProxy {
  /** The endpoint the functions are given instead of DynamoDB Local's. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startIamProxy(
  target: string,
  grants: ReadonlyMap<string, FunctionGrants>,
  log: (line: string) => void = (line) => console.error(line),
): Promise<IamProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    void readAll(req).then((body) => {
      const fn = grants.get(accessKeyIdOf(req.headers.authorization) ?? '');
      const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      const denial = fn && firstDenied(fn, operation, body);
      if (denial) {
        const message = refuse(fn, denial, log);
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() });
        res.end(JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', Message: message }));
        return;
      }
      const forwarded = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(res);
      });
      forwarded.on('error', () => res.destroy());
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
