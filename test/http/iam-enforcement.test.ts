/**
 * HTTP test of bundle mode with IAM held (LEVY_LOCAL_BUNDLES=1 LEVY_ENFORCE_IAM=1, as `.ci/run` runs the HTTP suites
 * once): a grant removed from one route's role in the synthesized template (test/support/planted-grants.ts) makes that
 * route's DynamoDB call fail as AWS fails it (AccessDeniedException), logged and recorded with the function, the action
 * and the table, while the same request on the assembly as synthesized succeeds. Without bundle mode there is no
 * synthesized assembly to plant into: the suite is skipped (and says so).
 */
import type { CreatedAccount } from '../../local/admin/accounts';
import { takeAccessDenials } from '../../local/bundles/access-denials';
import { bundleModeRequested, startLocalBundles, type LocalBundles } from '../../local/bundles/local-bundles';
import { BUNDLES_CDK_OUT_ENV_VAR } from '../../local/bundles/synth';
import { startServer, type LocalServer } from '../../local/server/server';
import { startServerProcess } from '../../local/server/server-process';
import { newTestAccount } from '../support/api';
import { requester } from '../support/http';
import { plantGrantRemoval } from '../support/planted-grants';

const cdkOut = process.env[BUNDLES_CDK_OUT_ENV_VAR];
const inBundleMode = bundleModeRequested() && cdkOut !== undefined;
if (!inBundleMode) console.log(`iam-enforcement.test.ts skipped: it needs LEVY_LOCAL_BUNDLES=1 (test/setup/global-setup.ts then synthesizes the stack)`);

/** The one denial a planted removal of dynamodb:PutItem from vendors-create's role records. */
const putItemDenied = (functionId: string) =>
  expect.objectContaining({ function: 'vendors-create', functionId, action: 'dynamodb:PutItem', kind: 'table', name: process.env.VENDORS_TABLE });

(inBundleMode ? describe : describe.skip)('a grant missing from the synthesized template', () => {
  let account: CreatedAccount;
  const servers: { server: LocalServer; bundles: LocalBundles }[] = [];
  const serve = async (dir: string) => {
    const bundles = await startLocalBundles({ cdkOut: dir, enforceIam: true, log: () => undefined });
    const server = await startServer({ port: 0, authCacheSeconds: 0, bundles });
    servers.push({ server, bundles });
    return requester(() => server);
  };

  beforeAll(async () => {
    account = await newTestAccount('DE', 'Grants GmbH');
  });

  afterAll(async () => {
    for (const { server, bundles } of servers) {
      await server.close();
      await bundles.close();
    }
  });

  it('is allowed as synthesized: POST /vendors writes its vendor', async () => {
    const request = await serve(cdkOut!);
    const res = await request('POST', '/vendors', { key: account.api_key, body: { name: 'Allowed GmbH', country: 'DE' } });
    expect(res.status).toBe(201);
    expect(takeAccessDenials()).toEqual([]);
  });

  it('without PutItem on its role, POST /vendors fails with AccessDenied naming the function, action and table', async () => {
    const planted = plantGrantRemoval(cdkOut!, 'vendors-create', 'dynamodb:PutItem');
    const request = await serve(planted.dir);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await request('POST', '/vendors', { key: account.api_key, body: { name: 'Refused GmbH', country: 'DE' } });
      expect(res.status).toBe(500);
      // The listing's Query is still granted: only the one action is gone.
      expect((await request('GET', '/vendors', { key: account.api_key })).status).toBe(200);
      expect(takeAccessDenials()).toEqual([putItemDenied(planted.functionId)]);
      expect(logged.mock.calls.flat().join('\n')).toContain(
        `[levy iam] AccessDenied: function vendors-create (${planted.functionId}) may not dynamodb:PutItem on table ${process.env.VENDORS_TABLE}`,
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('refused in a server process of its own (the fuzz runs one): recorded in the test process too, so the test fails', async () => {
    const planted = plantGrantRemoval(cdkOut!, 'vendors-create', 'dynamodb:PutItem');
    const child = await startServerProcess({ [BUNDLES_CDK_OUT_ENV_VAR]: planted.dir, POWERTOOLS_LOG_LEVEL: 'SILENT' });
    try {
      const res = await fetch(`${child.url}/vendors`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${account.api_key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Refused Elsewhere GmbH', country: 'DE' }),
      });
      expect(res.status).toBe(500);
    } finally {
      // Stopped first: its output has then all been read.
      await child.stop();
    }
    expect(takeAccessDenials()).toEqual([putItemDenied(planted.functionId)]);
  });
});
