/**
 * Example support: the client for the scripts here. LEVY_URL (default http://localhost:3000, `npm start`) and
 * LEVY_API_KEY (default the key `npm start` saved in .levy/dev-account.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLevyClient, type LevyClient } from '../clients/typescript/src';

export function clientFromEnvironment(): LevyClient {
  const saved = join(__dirname, '..', '.levy', 'dev-account.json');
  const apiKey = process.env.LEVY_API_KEY ?? (existsSync(saved) ? (JSON.parse(readFileSync(saved, 'utf8')) as { api_key: string }).api_key : undefined);
  if (!apiKey) throw new Error('Set LEVY_API_KEY, or run `npm start` once so .levy/dev-account.json holds a key.');
  return createLevyClient({ baseUrl: process.env.LEVY_URL ?? 'http://localhost:3000', apiKey });
}

/** Turns an error answer into an exception that names its code and request id. */
export function orThrow<T>(answer: { data?: T; error?: { error: string; message: string; request_id: string } }): T {
  if (answer.error) throw new Error(`${answer.error.error}: ${answer.error.message} (request ${answer.error.request_id})`);
  return answer.data as T;
}
