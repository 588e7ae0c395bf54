/**
 * Infrastructure: the Levy CDK app (one stack), with cdk-nag's AwsSolutions checks registered as a
 * policy-validation plugin (cdk-nag 3: any unacknowledged error fails `cdk synth`).
 * bin/levy.ts calls this; test/infra builds the same app so it checks the same wiring.
 */
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { RouteDefinition } from '../src/config/routes';
import { LevyStack } from './levy-stack';
import { apiDomainFromContext } from './stack/api-domain';

/** Construct id of the stack: the template is `cdk.out/Levy.template.json`. */
export const STACK_ID = 'Levy';
const DEFAULT_STAGE = 'levy';

export interface LevyApp {
  readonly app: App;
  readonly stack: LevyStack;
}

/** `routes`: only for test/infra/stack-size.suite.ts, which synthesizes the stack with more routes than it has. */
export function createLevyApp(props: AppProps = {}, options: { readonly routes?: readonly RouteDefinition[] } = {}): LevyApp {
  const app = new App(props);
  // `npx cdk deploy -c stage=levy-dev` deploys a second, independent copy named levy-dev.
  const stackName = String(app.node.tryGetContext('stage') ?? DEFAULT_STAGE);
  const logLevel = app.node.tryGetContext('logLevel') as string | undefined;
  // `-c alarmEmail=ops@example.com` subscribes an address to the alarm topic.
  const alarmEmail = app.node.tryGetContext('alarmEmail') as string | undefined;
  // `-c requireUsageKeys=false`: only for the upgrade deploy before `levy migrate --aws` (docs/deployment.md).
  const requireUsageKeys = String(app.node.tryGetContext('requireUsageKeys') ?? 'true') !== 'false';
  // `-c tracing=true`: X-Ray active tracing on every function and the stage (off by default: docs/deployment.md).
  const tracing = String(app.node.tryGetContext('tracing') ?? 'false') === 'true';
  // `-c sourceMaps=false`: no source maps in the bundles and no --enable-source-maps (a faster cold start, minified
  // stack traces: docs/deployment.md has the cost of each).
  const sourceMaps = String(app.node.tryGetContext('sourceMaps') ?? 'true') !== 'false';
  // `-c stageName=...`: the REST API's stage (default `live`, src/config/api-settings.ts), the last part of its base URL.
  const apiStageName = app.node.tryGetContext('stageName') as string | undefined;
  // `-c usLocalRates=required`: the rating functions refuse a US sale without a ZIP table in force (422
  // us_local_rates_missing) instead of answering its state base rate (docs/deployment.md "US local rates").
  const usLocalRates = app.node.tryGetContext('usLocalRates') as unknown;
  if (usLocalRates !== undefined && usLocalRates !== 'required' && usLocalRates !== 'optional') {
    throw new Error(`-c usLocalRates must be 'required' or 'optional', got '${String(usLocalRates)}'`);
  }
  // `-c domainName=api.example.com -c certificateArn=arn:aws:acm:... [-c hostedZoneId=Z...]`: the API on that domain,
  // the stage mapped to its root, so `https://api.example.com/v1/tax/rate` (lib/stack/api-domain.ts).
  const apiDomain = apiDomainFromContext({
    domainName: app.node.tryGetContext('domainName'),
    certificateArn: app.node.tryGetContext('certificateArn'),
    hostedZoneId: app.node.tryGetContext('hostedZoneId'),
  });
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;
  const stack = new LevyStack(app, STACK_ID, {
    stackName,
    description: `Levy tax-compliance API (${stackName})`,
    // Environment-agnostic unless the CLI knows the target: `cdk synth` works without credentials.
    env: account && region ? { account, region } : undefined,
    logLevel,
    alarmEmail,
    requireUsageKeys,
    tracing,
    sourceMaps,
    usLocalRates,
    apiStageName: apiStageName === undefined ? undefined : String(apiStageName),
    apiDomain,
    routes: options.routes,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
