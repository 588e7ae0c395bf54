/** Test teardown: stops the DynamoDB Local that global-setup started. */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { levyTestDb?: { stop(): Promise<void> } }).levyTestDb?.stop();
}
