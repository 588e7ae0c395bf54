/**
 * Primary adapter: GET /v1/tax/coverage -> what this installation knows (the imported US ZIP tables by month, the
 * ZIP-county crosswalk, the ECB rates' dates, the bundled rule data's versions and dates) with warnings
 * (src/usecases/coverage.ts). Read only, free.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { coverageDeps } from '../../src/composition/coverage';
import { coverageSchema } from '../../src/domain/installation/coverage-schema';
import { installationCoverage } from '../../src/usecases/coverage';

export const handler = httpRoute({
  route: 'tax-coverage',
  responses: { 200: { description: 'What this installation knows, with warnings for what is missing or old', schema: coverageSchema } },
  run: async ({ accountId }) => ({ status: 200, body: await installationCoverage(coverageDeps, accountId) }),
});
