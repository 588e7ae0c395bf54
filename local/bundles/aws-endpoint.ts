/**
 * Local runtime (bundle mode): the one local endpoint a bundled function's S3 and SQS clients are pointed at
 * (AWS_ENDPOINT_URL_S3 and AWS_ENDPOINT_URL_SQS, bundled-functions.ts), the two told apart as their protocols tell them
 * apart: an SQS call names its operation in `X-Amz-Target: AmazonSQS.<operation>`, an S3 call never does. It listens
 * first, because a queue's URL names it (local-resources.ts); its handlers are given once the grants are read.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readAll } from '../server/http-io';

export type ServiceHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<void>;

export interface LocalAwsEndpoint {
  readonly url: string;
  /** Serves S3 and SQS with these from now on (until then every call is a 503). */
  serve(handlers: { s3: ServiceHandler; sqs: ServiceHandler }): void;
  close(): Promise<void>;
}

export async function startLocalAwsEndpoint(log: (line: string) => void = (line) => console.error(line)): Promise<LocalAwsEndpoint> {
  let handlers: { s3: ServiceHandler; sqs: ServiceHandler } | undefined;
  const server = createServer((req, res) => {
    void readAll(req)
      .then(async (body) => {
        if (!handlers) {
          res.writeHead(503);
          return void res.end();
        }
        const isSqs = String(req.headers['x-amz-target'] ?? '').startsWith('AmazonSQS.');
        await (isSqs ? handlers.sqs : handlers.s3)(req, res, body);
      })
      .catch((error: unknown) => {
        log(`[levy local aws] ${req.method} ${req.url} failed: ${String(error)}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (given) => (handlers = given),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
