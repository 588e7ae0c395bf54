/**
 * Test support: the tests that hold only in source mode, skipped out loud in bundle mode (LEVY_LOCAL_BUNDLES=1, where
 * `callRoute` and the local server run each route's synthesized bundle in a Node 22 process of its own). A test that
 * injects a fault into, or observes, the test process's DynamoDB client, logs or modules cannot reach a bundle; one
 * that calls no route runs the same code in both modes. In bundle mode such a test is skipped with the reason in its
 * title; docs/local.md lists them.
 */
import { bundleModeRequested } from '../../local/bundles/local-bundles';

/** Why a test holds only in source mode. */
export const SOURCE_MODE_ONLY = {
  faultInjected: 'the fault is injected into the DynamoDB client or modules of the test process, which a bundle does not use',
  observesTestProcess: 'it observes the DynamoDB calls or logs of the test process, which a bundle does not make',
  callsNoRoute: 'it calls no route (the CLI, the stores, the local tools): the same code runs in both modes',
  operatorCommand:
    "it tests `levy migrate`, an operator command run in the test process over every table of the Jest worker, which in the bundle run hold other files' imported rate tables (70-90 s a run); the bundled authorizer it ends with answers every HTTP suite",
  folderDocumentUrls:
    "it changes the local server's own document URLs, which the folder store signs: a bundle signs S3 URLs, checked by the local S3 (test/http/bundle-s3-sqs.test.ts)",
} as const;

type Reason = (typeof SOURCE_MODE_ONLY)[keyof typeof SOURCE_MODE_ONLY];

/** `it` and `describe` that run in source mode and are skipped in bundle mode, their titles then saying why. */
export function sourceModeOnly(reason: Reason): { it: jest.It; describe: jest.Describe } {
  if (!bundleModeRequested()) return { it, describe };
  const titled = (title: string) => `${title} [source mode only: ${reason}]`;
  return {
    it: ((title: string, fn?: jest.ProvidesCallback, timeout?: number) => it.skip(titled(title), fn, timeout)) as jest.It,
    describe: ((title: string, fn: jest.EmptyFunction) => describe.skip(titled(title), fn)) as jest.Describe,
  };
}
