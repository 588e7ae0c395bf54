/**
 * `npm run test:unit`: the unit and architecture tests only (test/unit, test/architecture), for the edit-test loop.
 * They need no database, so this is jest.config.js without its globalSetup and globalTeardown (no DynamoDB Local is
 * started): test/setup/unit-global-setup.ts gives the same environment, pointed at no database. A worker per core, as
 * jest.config.js (these files spend part of their time waiting on dependency-cruiser and openapi-typescript: two
 * workers took 49 s to 32 s here).
 */
const { globalSetup: _setup, globalTeardown: _teardown, ...base } = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  roots: ['<rootDir>/test/unit', '<rootDir>/test/architecture'],
  globalSetup: '<rootDir>/test/setup/unit-global-setup.ts',
};
