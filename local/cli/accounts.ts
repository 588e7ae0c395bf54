/** Admin command line (`npx levy accounts ...`): create an account; change its plan or its primary entity's seller details. */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type * as z from 'zod';
import { ports } from '../../src/composition/all-ports';
import type { PlanId } from '../../src/config/plans';
import { countryField, nameField, taxIdField } from '../../src/domain/fields/records';
import { contactField, electronicAddressField, legalRegistrationIdField } from '../../src/domain/einvoice/fields';
import type { SellerDetails } from '../../src/domain/records/entity';
import type { Patch } from '../../src/domain/records/record';
import { entityAddressField } from '../../src/domain/records/entity-requests';
import { validateTaxIdOnDemand } from '../../src/usecases/validate-tax-id';
import { changePlan, createAccount, updatePrimaryLogo, updatePrimarySellerDetails } from '../admin/accounts';
import { ADMIN_TABLES, awsOption, checkedBy, configureTarget, planOption, print, usageKeysFor, UsageError } from './common';

/** A JSON option of `levy accounts update`, checked by the API's own field, or null (remove it). */
function parseJsonOption<T extends z.ZodType>(flag: string, field: T, text: string, example: string): z.output<T> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${flag} must be JSON, e.g. '${example}', or null`);
  }
  if (parsed === null) return null;
  const checked = field.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new UsageError(`${flag}: '${issue?.path.join('.') ?? ''}' ${issue?.message ?? 'is not valid'}.`);
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

interface SellerOptions {
  logo?: string;
  address?: string;
  contact?: string;
  electronicAddress?: string;
  legalRegistrationId?: string;
}

/** The seller details the options name (the registration id is plain text; "null" removes it). */
function sellerPatch(options: SellerOptions): Patch<SellerDetails> {
  const patch: Patch<SellerDetails> = {};
  if (options.address !== undefined) {
    patch.address = parseJsonOption('--address', entityAddressField, options.address, '{"line1":"Friedrichstrasse 1","city":"Berlin","postal_code":"10117"}');
  }
  if (options.contact !== undefined) {
    patch.contact = parseJsonOption('--contact', contactField, options.contact, '{"name":"Billing","phone":"+49 30 1234567","email":"billing@example.com"}');
  }
  if (options.electronicAddress !== undefined) {
    patch.electronic_address = parseJsonOption(
      '--electronic-address',
      electronicAddressField,
      options.electronicAddress,
      '{"scheme":"9930","value":"DE136695976"}',
    );
  }
  if (options.legalRegistrationId !== undefined) {
    patch.legal_registration_id =
      options.legalRegistrationId === 'null'
        ? null
        : parseJsonOption('--legal-registration-id', legalRegistrationIdField, JSON.stringify(options.legalRegistrationId), '"HRB 12345 B"');
  }
  return patch;
}

/** The bytes of `--logo <file>`, read before anything is written. */
function readLogoFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new UsageError(`--logo: cannot read '${file}' (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
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
    .description(
      "change an account's usage plan, or its primary entity's seller details: address, e-invoice contact, electronic address, legal registration id, logo (the API refuses changes to the primary entity)",
    )
    .requiredOption('--account <id>', 'account id')
    .addOption(planOption())
    .option('--address <json>', 'the primary entity\'s address as JSON: {"line1","line2"?,"city","postal_code","state"?}, or null to remove it')
    .option('--contact <json>', 'its e-invoice contact (EN 16931 BG-6) as JSON: {"name"?,"phone"?,"email"?}, or null')
    .option('--electronic-address <json>', 'its electronic address (EN 16931 BT-34) as JSON: {"scheme" (an EAS code),"value"}, or null')
    .option('--legal-registration-id <id>', 'its legal registration id (EN 16931 BT-30, e.g. "HRB 12345 B"), or null')
    .option('--logo <file>', 'its logo, printed on its invoices: a PNG or JPEG file (at most 256 KiB, 2000 x 2000 pixels), or null to remove it')
    .addOption(awsOption())
    .action(async (options: { account: string; plan?: PlanId; aws?: boolean } & SellerOptions) => {
      const patch = sellerPatch(options);
      if (options.plan === undefined && options.logo === undefined && Object.keys(patch).length === 0) {
        throw new UsageError('Send --plan or --address (or --contact, --electronic-address, --legal-registration-id, --logo).');
      }
      const logo = options.logo === undefined ? undefined : options.logo === 'null' ? null : readLogoFile(options.logo);
      const target = await configureTarget(!!options.aws, logo === undefined ? ADMIN_TABLES : [...ADMIN_TABLES, 'Logos']);
      if (options.plan !== undefined) print(await changePlan(ports, options.account, options.plan, usageKeysFor(target)));
      if (Object.keys(patch).length > 0) print(await updatePrimarySellerDetails(ports, options.account, patch));
      if (logo !== undefined) print(await updatePrimaryLogo(ports, options.account, logo));
    });
}
