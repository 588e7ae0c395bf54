/**
 * Local runtime: the first commands of the README's quickstart, which `npm start` prints with its own URL and key, so
 * what a user pastes from the terminal is what the README shows (test/unit/readme-quickstart.test.ts holds the two
 * together; test/http/quickstart.test.ts runs the README's commands against a started server).
 */

/** The URL `npm start` serves on by default, as the README writes it. */
export const README_BASE_URL = 'http://127.0.0.1:3000';

/** The variable every curl of the README and the examples read the key from. */
export const API_KEY_VAR = 'LEVY_API_KEY';

export const exportKeyLine = (apiKey: string): string => `export ${API_KEY_VAR}=${apiKey}`;

/** The README's first curl: a German VAT rate for a SaaS sale to a consumer. */
export const firstRateCurl = (baseUrl: string): string =>
  [
    `curl -s ${baseUrl}/v1/tax/rate \\`,
    `  -H "Authorization: Bearer $${API_KEY_VAR}" -H 'Content-Type: application/json' \\`,
    `  -d '{"product_category":"SAAS","delivery_method":"CLOUD","customer_type":"B2C","location":{"country":"DE"}}'`,
  ].join('\n');

/** What `npm start` prints once it listens: the key exported, then the first curl, each line ready to paste. */
export const quickstartLines = (baseUrl: string, apiKey: string): string =>
  [
    `[levy] paste these two into another terminal; the README's quickstart goes on from there, the reference page is ${baseUrl}/docs`,
    '',
    exportKeyLine(apiKey),
    firstRateCurl(baseUrl),
    '',
  ].join('\n');
