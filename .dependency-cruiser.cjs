/**
 * The dependency rules of Levy's layers (docs/architecture.md), checked in `npm test` by
 * test/architecture/dependency-rules.test.ts, which also proves each rule fails when broken (`npm run deps` runs the
 * same check on its own).
 *
 *   functions/<route>/handler.ts   entry points: the http adapter, use cases, the composition root, domain schemas;
 *                                  they hand the http adapter what the root built (no adapter imports the root)
 *   src/composition/               builds the adapters behind the ports, lazily
 *   src/adapters/                  http (primary), dynamodb and geo (secondary): implement the ports
 *   src/usecases/                  one file per use case: domain + ports only
 *   src/ports/                     interfaces the use cases depend on: domain types only
 *   src/domain/                    pure TypeScript: no AWS, no Middy, no I/O
 *   src/config/                    plain data read by the stack and the runtime
 *   src/shared/once.ts             the one module below every layer (values made on first use): imports nothing
 *   lib/                           the CDK app: reads src/config only
 *   local/, bench/, test/          the laptop runtime, benchmarks and tests: may use anything above
 */
const aws = '^(@aws-sdk|@aws-lambda-powertools|@middy|aws-cdk-lib|constructs|cdk-nag|(@types/)?aws-lambda)(/|$)';
const awsModule = `node_modules/${aws.slice(1)}`;
/** The registry packages the pure domain may use: validation, reference lists, check-digit algorithms. */
const domainPackages = 'node_modules/(zod|currency-codes|i18n-iso-countries|stdnum)/';
const outerRings = '^(functions|lib|local|bench|test)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle anywhere: every module can be read after the ones it imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable-import',
      severity: 'error',
      comment: 'Every import resolves: a module the cruiser cannot find could be anything.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'shared-imports-nothing',
      severity: 'error',
      comment: 'src/shared/ is below every layer (any layer may import it, e.g. `once`), so it imports nothing: no layer, ' + 'no package, not Node.',
      from: { path: '^src/shared/' },
      to: { pathNot: '^src/shared/' },
    },
    {
      name: 'domain-imports-only-domain',
      severity: 'error',
      comment: 'The domain is pure: it imports only the domain and its own data (data/*.json).',
      from: { path: '^src/domain/' },
      to: { path: ['^src/(adapters|usecases|ports|composition|config)/', outerRings] },
    },
    {
      name: 'domain-uses-no-io-or-aws-package',
      severity: 'error',
      comment: 'The domain uses no AWS, Middy or Powertools package, nor any package outside its short list.',
      from: { path: '^src/domain/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: domainPackages },
    },
    {
      name: 'domain-uses-no-node-io',
      severity: 'error',
      comment: 'The domain does no I/O: of Node itself it may use crypto (hashes, random ids) only.',
      from: { path: '^src/domain/' },
      to: { dependencyTypes: ['core'], pathNot: '^(node:)?crypto$' },
    },
    {
      name: 'ports-import-only-domain',
      severity: 'error',
      comment: 'A port is an interface over domain types.',
      from: { path: '^src/ports/' },
      to: { path: ['^src/(adapters|usecases|composition|config)/', outerRings, aws, awsModule] },
    },
    {
      name: 'usecases-import-no-adapter',
      severity: 'error',
      comment: 'A use case depends on ports, never on an adapter or on the composition root that builds them.',
      from: { path: '^src/usecases/' },
      to: { path: ['^src/(adapters|composition)/', outerRings, aws, awsModule] },
    },
    {
      name: 'usecases-do-no-io',
      severity: 'error',
      comment: 'A use case reaches the world through its ports: of Node itself it may use crypto only.',
      from: { path: '^src/usecases/' },
      to: { dependencyTypes: ['core'], pathNot: '^(node:)?crypto$' },
    },
    {
      name: 'usecases-read-no-environment',
      severity: 'error',
      comment: 'Configuration reaches a use case through its ports and arguments, never from the environment.',
      from: { path: '^src/usecases/' },
      to: { path: '^src/config/environment' },
    },
    {
      name: 'handlers-import-no-store',
      severity: 'error',
      comment: 'A handler reaches storage only through a use case and the composition root, never a store directly.',
      from: { path: '^functions/' },
      to: { path: ['^src/adapters/(dynamodb|geo|blobs)/', '^(lib|local|bench|test)/', '^@aws-sdk/', 'node_modules/@aws-sdk/'] },
    },
    {
      name: 'secondary-adapters-serve-ports',
      severity: 'error',
      comment: 'DynamoDB and geo adapters implement ports: they call no use case, no http adapter, no composition root.',
      from: { path: '^src/adapters/(dynamodb|geo|blobs)/' },
      to: { path: ['^src/(usecases|composition|adapters/http)/', outerRings] },
    },
    {
      name: 'adapters-import-no-composition',
      severity: 'error',
      comment:
        'No upward arrow: an adapter is given what it needs (ports, loaders) by the composition root through the entry ' +
        'point (e.g. billableRoute(keyedRouteDeps, ...)), never imports the root itself.',
      from: { path: '^src/adapters/' },
      to: { path: '^src/composition/' },
    },
    {
      name: 'http-adapter-uses-ports',
      severity: 'error',
      comment: 'The HTTP pipeline reaches storage through the ports it is given, never a store or geo adapter directly.',
      from: { path: '^src/adapters/http/' },
      to: { path: '^src/adapters/(dynamodb|geo)/' },
    },
    {
      name: 'composition-builds-adapters-only',
      severity: 'error',
      comment: 'The composition root wires adapters to ports; it knows no http adapter and no entry point.',
      from: { path: '^src/composition/' },
      to: { path: ['^src/adapters/http/', outerRings] },
    },
    {
      name: 'composition-loads-usecases-on-demand-only',
      severity: 'error',
      comment:
        'The composition root imports a use case only in a loader (a dynamic import: the code only some requests need, ' +
        'src/composition/sale-parts.ts), never statically: it runs no use case at import.',
      from: { path: '^src/composition/' },
      to: { path: '^src/usecases/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'runtime-imports-no-cdk-or-tools',
      severity: 'error',
      comment: 'Lambda code never imports the CDK app, the laptop runtime, benchmarks or tests.',
      from: { path: '^(src|functions)/' },
      to: { path: ['^(lib|local|bench|test)/', '^(aws-cdk-lib|constructs|cdk-nag)(/|$)', 'node_modules/(aws-cdk-lib|constructs|cdk-nag)/'] },
    },
    {
      name: 'config-is-plain-data',
      severity: 'error',
      comment: 'Config is data read by the stack and the runtime alike: it imports only config.',
      from: { path: '^src/config/' },
      to: { pathNot: '^src/config/' },
    },
    {
      name: 'cdk-reads-only-config',
      severity: 'error',
      comment:
        'The CDK app (lib/) is built from src/config; it imports no runtime code. One exception: deployed-data.ts, the pure rule of what of a data file the bundling deploys, which the coverage report hashes alike (one rule, not two copies).',
      from: { path: '^lib/' },
      to: {
        path: ['^src/(domain|usecases|ports|adapters|composition)/', '^src/config/environment', '^(functions|local|bench|test)/'],
        pathNot: '^src/domain/installation/deployed-data\\.ts$',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The fixture breaks every rule on purpose; the rule test cruises it on its own.
    exclude: { path: ['^cdk\\.out/', '^\\.bench-tmp/', '^coverage/', '^test/architecture/fixtures/'] },
    // Type-only imports count: a cycle or a layer breach through types is still a breach.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
