/** Local runtime: the two questions the local tools ask the network: does something listen there, and a free port. */
import { connect, createServer } from 'node:net';

/** True when something accepts a TCP connection at the endpoint's host and port. */
export function reachable(endpoint: string): Promise<boolean> {
  const url = new URL(endpoint);
  return new Promise((done) => {
    const socket = connect({ port: Number(url.port || 80), host: url.hostname });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

export const loopbackEndpoint = (port: number): string => `http://127.0.0.1:${port}`;
