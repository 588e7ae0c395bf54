/** Admin command line (`npx levy accounts ...`): create an account; change its plan or its primary entity's address. */
import type { Command } from 'commander';
import type * as z from 'zod';
import { ports } from '../../src/composition/all-ports';
import type { PlanId } from '../../src/config/plans';
import { countryField, nameField, taxIdField } from '../../src/domain/fields/records';
import { entityAddressField } from '../../src/domain/records/entity-requests';
import { validateTaxIdOnDemand } from '../../src/usecases/validate-tax-id';
import { changePlan, createAccount, updatePrimaryAddress } from '../admin/accounts';
import { awsOption, checkedBy, configureTarget, planOption, print, usageKeysFor, UsageError } from './common';

/** `--address` of `levy accounts update`: JSON checked by the API's own address field, or null (remove it). */
function parseAddressOption(text: string): z.output<typeof entityAddressField> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError('--address must be JSON, e.g. \'{"line1":"Friedrichstrasse 1","city":"Berlin","postal_code":"10117"}\', or null');
  }
  if (parsed === null) return null;
  const checked = entityAddressField.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new UsageError(`--address: '${issue?.path.join('.') ?? ''}' ${issue?.message ?? 'is not valid'}.`);
  }
  return checked.data;
}

/**
 * `--tax-id` checked offline as POST /v1/tax/id-validate checks it, against the account's country: a number that fails
 * is refused (nothing is created), one Levy cannot check there is kept with a warning, a valid one kept normalized.
 */
export async function checkedTaxId(taxId: string, country: string): Promise<string> {
  const verdict = await validateTaxIdOnDemand(ports, { tax_id: taxId, country });
  if (verdict.valid === false) {
    const why = verdict.message ?? verdict.reason?.replace(/_/g, ' ') ?? 'invalid';
    throw new UsageError(`--tax-id '${taxId}' is not a valid tax ID of ${country} (${why}). Check the number, or leave --tax-id out; nothing was created.`);
  }
  if (verdict.valid === null) {
    process.stderr.write(`levy: warning: --tax-id '${taxId}' was not checked: Levy has no offline check for it in ${country}. Kept as given.\n`);
    return taxId;
  }
  return verdict.normalized ?? taxId;
}

export function addAccountCommands(levy: Command): void {
  const accounts = levy.command('accounts').description('accounts: the tenants every record and key belongs to');
  accounts
    .command('create')
    .description('create an account with its primary entity, usage plan and first API key (shown once)')
    .requiredOption('--name <name>', 'legal name of the primary entity', checkedBy(nameField))
    .requiredOption('--country <CC>', 'ISO 3166-1 alpha-2 country of the primary entity', checkedBy(countryField))
    .option('--tax-id <id>', 'tax ID of the primary entity, e.g. DE136695976 (checked offline: format and check digits)', checkedBy(taxIdField))
    .addOption(planOption().default('starter'))
    .addOption(awsOption())
    .action(async (options: { name: string; country: string; taxId?: string; plan: PlanId; aws?: boolean }) => {
      const taxId = options.taxId === undefined ? null : await checkedTaxId(options.taxId, options.country);
      const target = await configureTarget(!!options.aws);
      print(await createAccount(ports, { name: options.name, country: options.country, tax_id: taxId, plan: options.plan }, usageKeysFor(target)));
    });
  accounts
    .command('update')
    .description("change an account's usage plan, or its primary entity's seller address (printed on invoices; the API refuses changes to the primary entity)")
    .requiredOption('--account <id>', 'account id')
    .addOption(planOption())
    .option('--address <json>', 'the primary entity\'s address as JSON: {"line1","line2"?,"city","postal_code","state"?}, or null to remove it')
    .addOption(awsOption())
    .action(async (options: { account: string; plan?: PlanId; address?: string; aws?: boolean }) => {
      if (options.plan === undefined && options.address === undefined) throw new UsageError('Send --plan or --address (or both).');
      const address = options.address === undefined ? undefined : parseAddressOption(options.address);
      const target = await configureTarget(!!options.aws);
      if (options.plan !== undefined) print(await changePlan(ports, options.account, options.plan, usageKeysFor(target)));
      if (address !== undefined) print(await updatePrimaryAddress(ports, options.account, address));
    });
}
