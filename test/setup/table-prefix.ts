/**
 * Test setup: the prefix of the tables the test run creates in its DynamoDB Local, one set per Jest worker (`test` for
 * the first, `test2`, `test3` ... for the others): test files that run side by side never see each other's rows (the
 * events a webhook dispatcher polls, the ZIP rates an import replaces), as when they ran one after another.
 */
export const workerTablePrefix = (worker: string | undefined = process.env.JEST_WORKER_ID): string =>
  worker === undefined || worker === '1' ? 'test' : `test${worker}`;

/** This process's tables: the Jest worker's own (global-setup, in Jest's own process, names the first worker's). */
export const TEST_TABLE_PREFIX = workerTablePrefix();
