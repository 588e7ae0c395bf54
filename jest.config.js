/**
 * Jest 30 with @swc/jest. Middy 6 ships ESM only, so node_modules/@middy is transformed too.
 * Integration tests share one DynamoDB Local started in globalSetup (test/setup/), each worker with tables of its own.
 */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j|mj)s$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@middy)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  setupFiles: ['<rootDir>/test/setup/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/after-env.ts'],
  // In bundle mode (LEVY_LOCAL_BUNDLES=1) each function's first call starts a Node 22 process and loads its bundle, a
  // cold start Lambda does not count against a call's timeout but a test's clock does: a test that touches ten routes
  // pays ten of them.
  testTimeout: ['1', 'true'].includes(process.env.LEVY_LOCAL_BUNDLES ?? '') ? 90000 : 30000,
  // A worker per core: Jest's default (cores - 1) is one on 2 cores, which runs every file in turn while the files
  // mostly wait on DynamoDB Local, servers and child processes. Each worker has tables of its own (test/setup/table-prefix.ts).
  maxWorkers: '100%',
  // The longest files first, also on a clean checkout where Jest has no durations of a last run (the file says why).
  testSequencer: '<rootDir>/test/setup/longest-first.js',
  // The SDK's keep-alive sockets (in-band runs) hold the loop open for seconds after the last test.
  forceExit: true,
};
