/**
 * Test support: the official validation of Levy's e-invoices, read at run time from fetched copies outside the
 * repository (nothing of them is kept here):
 * - CEN/TC 434's EN 16931 validation XSLT (`ubl/xslt/`, `cii/xslt/`) and the CII D16B schema (`cii/schema/`), from a
 *   git dir of github.com/ConnectingEurope/eInvoicing-EN16931 ($LEVY_EN16931_GIT, else the `fetch` mirror);
 * - the OASIS UBL 2.1 schemas (`xsd/`), from a git dir of github.com/kduvekot/ubl-release-package, a history of the
 *   OASIS release packages whose commit "Release: UBL 2.1 (OASIS Standard)" holds UBL-2.1.zip's files ($LEVY_UBL_GIT).
 * The XSLT runs as published under SaxonJS (xslt3 compiles it to SEF in a temp dir, once per commit and version),
 * the schemas under xmllint-wasm. docs/invoices.md "Validation" says how to fetch the copies.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
export const EN16931_GIT_ENV = 'LEVY_EN16931_GIT';
export const UBL_GIT_ENV = 'LEVY_UBL_GIT';
const MIRROR = '/work/.mirror';
/** The ubl-release-package commit of the UBL 2.1 OASIS Standard. */
const UBL_21_COMMIT = '69d9f20';

export type Syntax = 'ubl' | 'cii';

export interface Finding {
  id: string;
  flag: string;
  location: string;
  text: string;
}

const git = (gitDir: string, args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 512 * 1024 * 1024 });

function isGitDir(path: string): boolean {
  try {
    git(path, ['rev-parse', '--git-dir']);
    return true;
  } catch {
    return false;
  }
}

/** The git dirs tried for each copy, in order. */
export function validationSources(env: NodeJS.ProcessEnv = process.env): { en16931: string[]; ubl: string[] } {
  const fromEnv = (name: string) => (env[name]?.trim() ? [resolve(env[name]!.trim())] : []);
  return {
    en16931: [...fromEnv(EN16931_GIT_ENV), join(MIRROR, 'ConnectingEurope+eInvoicing-EN16931/repo')],
    ubl: [...fromEnv(UBL_GIT_ENV), join(MIRROR, 'kduvekot+ubl-release-package/repo')],
  };
}

export interface ValidationArtifacts {
  en16931Commit: string;
  ublCommit: string;
  /** Where the files were extracted. */
  dir: string;
}

/** The extracted artifacts, or undefined (with what was looked at) when a copy is absent. */
export function findArtifacts(): { artifacts?: ValidationArtifacts; lookedIn: string[] } {
  const sources = validationSources();
  const en16931 = sources.en16931.find((d) => existsSync(d) && isGitDir(d));
  const ubl = sources.ubl.find((d) => existsSync(d) && isGitDir(d));
  const lookedIn = [...sources.en16931, ...sources.ubl];
  if (!en16931 || !ubl) return { lookedIn };
  const en16931Commit = git(en16931, ['rev-parse', 'HEAD']).toString().trim();
  const ublCommit = git(ubl, ['rev-parse', UBL_21_COMMIT]).toString().trim();
  const xslt3Version = JSON.parse(readFileSync(join(ROOT, 'node_modules/xslt3/package.json'), 'utf8')).version as string;
  const dir = join(tmpdir(), 'levy-einvoice-validation', `${en16931Commit.slice(0, 12)}-${ublCommit.slice(0, 12)}-xslt3-${xslt3Version}`);
  if (!existsSync(join(dir, 'ready'))) {
    const part = `${dir}.part-${process.pid}`;
    mkdirSync(part, { recursive: true });
    execFileSync('tar', ['-x', '-C', part], { input: git(en16931, ['archive', '--format=tar', en16931Commit, 'ubl/xslt', 'cii/xslt', 'cii/schema']) });
    execFileSync('tar', ['-x', '-C', part], { input: git(ubl, ['archive', '--format=tar', ublCommit, 'xsd']) });
    for (const syntax of ['ubl', 'cii'] as const) {
      const xslt = join(part, syntax, 'xslt', `EN16931-${syntax.toUpperCase()}-validation.xslt`);
      execFileSync(process.execPath, [join(ROOT, 'node_modules/xslt3/xslt3.js'), `-xsl:${xslt}`, `-export:${join(part, `${syntax}.sef.json`)}`, '-nogo'], {
        stdio: 'ignore',
      });
    }
    execFileSync('touch', [join(part, 'ready')]);
    try {
      renameSync(part, dir);
    } catch {
      // Another worker finished first: its copy is the same.
    }
  }
  return { artifacts: { en16931Commit, ublCommit, dir }, lookedIn };
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The compiled stylesheets, read once per worker (parsing one takes longer than running it). */
const compiled = new Map<string, unknown>();

/** Every failed assertion of the official EN 16931 schematron (as SVRL), whatever its flag. */
export function schematronFindings(artifacts: ValidationArtifacts, syntax: Syntax, xml: string): Finding[] {
  const SaxonJS = require('saxon-js');
  const sef = join(artifacts.dir, `${syntax}.sef.json`);
  if (!compiled.has(sef)) compiled.set(sef, JSON.parse(readFileSync(sef, 'utf8')));
  const result = SaxonJS.transform({ stylesheetInternal: compiled.get(sef), sourceText: xml, destination: 'serialized' }, 'sync') as {
    principalResult: string;
  };
  const findings: Finding[] = [];
  for (const match of result.principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(match[1]!)?.[1] ?? '';
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2]!)?.[1] ?? '';
    findings.push({
      id: attribute('id'),
      flag: attribute('flag'),
      location: unescape(attribute('location')),
      text: unescape(text).replace(/\s+/g, ' ').trim(),
    });
  }
  return findings;
}

/** The failed assertions that make a document invalid: flag fatal or error. */
export const blocking = (findings: readonly Finding[]) => findings.filter((f) => f.flag === 'fatal' || f.flag === 'error');

function xsdFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? xsdFiles(path) : name.endsWith('.xsd') ? [path] : [];
  });
}

/**
 * The schema errors of each document (an empty list: valid) against UBL 2.1 (Invoice or CreditNote, by its root) or
 * CII D16B, keyed by name. One xmllint-wasm run per schema: loading the schemas takes longer than validating.
 */
export async function schemaErrors(artifacts: ValidationArtifacts, syntax: Syntax, documents: Record<string, string>): Promise<Record<string, string[]>> {
  const { validateXML, memoryPages } = require('xmllint-wasm');
  const names = Object.keys(documents);
  const batches =
    syntax === 'ubl'
      ? [
          { main: 'maindoc/UBL-Invoice-2.1.xsd', names: names.filter((n) => !/<CreditNote\b/.test(documents[n]!)) },
          { main: 'maindoc/UBL-CreditNote-2.1.xsd', names: names.filter((n) => /<CreditNote\b/.test(documents[n]!)) },
        ]
      : [{ main: 'data/standard/CrossIndustryInvoice_100pD16B.xsd', names }];
  const base = syntax === 'ubl' ? join(artifacts.dir, 'xsd') : join(artifacts.dir, 'cii/schema/D16B SCRDM (Subset)/uncoupled clm/CII/uncefact');
  const errors: Record<string, string[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const batch of batches.filter((b) => b.names.length > 0)) {
    const main = join(base, batch.main);
    const preload = xsdFiles(syntax === 'ubl' ? join(base, 'common') : base)
      .filter((f) => f !== main)
      .map((f) => ({ fileName: relative(join(main, '..'), f), contents: readFileSync(f, 'utf8') }));
    const result = await validateXML({
      xml: batch.names.map((name, i) => ({ fileName: `document-${i}.xml`, contents: documents[name] })),
      schema: [{ fileName: main.split('/').pop(), contents: readFileSync(main, 'utf8') }],
      preload,
      maxMemoryPages: memoryPages.GiB,
    });
    for (const error of result.errors as { rawMessage: string; loc: { fileName: string } | null }[]) {
      const index = Number(/document-(\d+)\.xml/.exec(error.loc?.fileName ?? error.rawMessage)?.[1] ?? -1);
      errors[batch.names[index] ?? names[0]!]!.push(error.rawMessage);
    }
  }
  return errors;
}
