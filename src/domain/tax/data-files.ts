/**
 * Domain (pure): every data file the tax engine and the tax-code catalogue read, validated together. bin/levy.ts
 * calls checkDataFiles before the stack is synthesised, so a bad data file stops `cdk synth` / `cdk deploy` before any
 * bundle is built (the bundles do not validate them again at a cold start: data-file.ts).
 */
import { dataFilesRead, validated } from './data-file';
import './place-of-supply-data';
import './rate-data';
import './tax-codes';
import '../nexus/rule-data';

/** The names of the data files checked; throws, naming the file and the problem, if one is invalid. */
export function checkDataFiles(): string[] {
  for (const file of dataFilesRead()) validated(file);
  return dataFilesRead().map((file) => file.name);
}
