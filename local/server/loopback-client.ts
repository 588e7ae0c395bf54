/**
 * Local server: the HTTP client of the load generators that call it (the fuzz test, bench/tax-rate.ts): node:http over
 * a pool of keep-alive sockets, one per request in flight. fetch (undici) costs about three times its CPU per request
 * here (docs/benchmarks.md), and a load generator shares the machine's two cores with the server and DynamoDB Local,
 * so a heavier client shows up in the figures it measures.
 */
import { Agent, request as httpRequest } from 'node:http';

export interface LoopbackAnswer {
  status: number;
  text: string;
  requestId: string | null;
  contentType: string | null;
}

/** A client of at most `sockets` connections; destroy() closes them. */
export class LoopbackClient {
  private readonly agent: Agent;

  constructor(sockets: number) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  /**
   * One request. The keep-alive race: the server closes a socket idle for its keepAliveTimeout just as the client
   * reuses it (likely when a loaded machine delays the client's own timer). That request never reached the server, so
   * it is sent again, as browsers do; any other failure is the caller's to report.
   */
  send(method: string, url: string, headers: Record<string, string>, body?: string): Promise<LoopbackAnswer> {
    return this.sendOnce(method, url, headers, body).catch((error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
      if (error.code === 'ECONNRESET' && error.reusedSocket) return this.sendOnce(method, url, headers, body);
      throw error;
    });
  }

  destroy(): void {
    this.agent.destroy();
  }

  private sendOnce(method: string, url: string, headers: Record<string, string>, body: string | undefined): Promise<LoopbackAnswer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const id = res.headers['x-amzn-requestid'];
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            requestId: typeof id === 'string' ? id : null,
            contentType: res.headers['content-type'] ?? null,
          });
        });
        res.on('error', reject);
      });
      // Whether the request went out on a kept-alive socket the server may have just closed (the retry in send).
      req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
      req.end(body);
    });
  }
}
