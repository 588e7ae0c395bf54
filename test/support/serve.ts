/** Test support: the child side of server-process.ts: serves every route on a free port and prints its URL. */
import '../../local/quiet-sdk-warning';
import { startServer } from '../../local/server/server';

void startServer({ port: 0 }).then((server) => {
  process.stdout.write(`LEVY_URL=${server.url}\n`);
  process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
});
