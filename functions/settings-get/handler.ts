/** Primary adapter: GET /v1/settings -> 200 with the account's settings (the defaults until changed). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { settings } from '../../src/composition/ports';
import { settingsSchema } from '../../src/domain/settings/settings';
import { getSettings } from '../../src/usecases/settings';

export const handler = httpRoute({
  route: 'settings-get',
  responses: { 200: { description: "The account's tax settings", schema: settingsSchema } },
  run: async ({ accountId }) => ({ status: 200, body: await getSettings({ settings }, accountId) }),
});
