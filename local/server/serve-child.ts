/**
 * Local server: the child side of server-process.ts: serves every route on a free loopback port and prints its URL,
 * then, in bundle mode with IAM held, each call the proxy refused (so the test that started it fails on it too).
 */
import '../quiet-sdk-warning';
import { onAccessDenial } from '../bundles/access-denials';
import { startServer } from './server';
import { ACCESS_DENIAL_LINE } from './server-process';

onAccessDenial((denial) => process.stdout.write(`${ACCESS_DENIAL_LINE}${JSON.stringify(denial)}\n`));

void startServer({ port: 0 }).then((server) => {
  process.stdout.write(`LEVY_URL=${server.url}\n`);
  process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
});
