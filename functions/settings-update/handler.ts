/** Primary adapter: PATCH /v1/settings -> 200 with every setting after the change. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { settings } from '../../src/composition/ports';
import { settingsSchema, updateSettingsSchema } from '../../src/domain/settings/settings';
import { updateSettings } from '../../src/usecases/settings';

export const handler = httpRoute({
  route: 'settings-update',
  body: updateSettingsSchema,
  responses: { 200: { description: "The account's tax settings after the change", schema: settingsSchema } },
  run: async ({ accountId, body }) => ({ status: 200, body: await updateSettings({ settings }, accountId, body) }),
});
