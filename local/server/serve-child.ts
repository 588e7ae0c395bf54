/** Local server: the child side of server-process.ts: serves every route on a free loopback port and prints its URL. */
import '../quiet-sdk-warning';
import { startServer } from './server';

void startServer({ port: 0 }).then((server) => {
  process.stdout.write(`LEVY_URL=${server.url}\n`);
  process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
});
