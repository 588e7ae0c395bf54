/** Domain (pure): GET /v1/tax/coverage's answer as a schema (the OpenAPI document's `Coverage`), every property described. */
import * as z from 'zod';
import type { Exactly, Expect } from '../schema-check';
import type { Coverage } from './coverage';

const day = (description: string) => z.string().meta({ description, example: '2026-03-31' });
const nullableDay = (description: string) => z.string().nullable().meta({ description, example: '2026-03-31' });
const count = (description: string) => z.number().int().min(0).meta({ description });

const zipTableMonth = z.object({
  month: z
    .string()
    .meta({ description: 'The month the table was published for (YYYY-MM): in force from its first day until a later month is imported', example: '2026-03' }),
  zip_count: count("ZIPs in the month's tables, each border ZIP once per state it is listed under"),
  state_count: count('States (DC and PR included) with a table for the month'),
  states: z
    .array(z.object({ state: z.string().meta({ description: 'Two-letter state code', example: 'CA' }), zip_count: count("ZIPs in the state's table") }))
    .meta({ description: "Each state's table of the month, by state code" }),
  imported_at: z.string().meta({ description: 'When a table of the month was last imported (ISO 8601, UTC)' }),
});

const warning = z.object({
  code: z.enum(['us_zip_tables_missing', 'us_zip_table_missing_for_month', 'us_zip_table_stale', 'fx_rates_missing']).meta({
    description:
      '`us_zip_tables_missing`: no ZIP table at all (US sales get state base rates only); `us_zip_table_missing_for_month`: none for the current ' +
      "month; `us_zip_table_stale`: the table in force is more than 3 months old; `fx_rates_missing`: the account's sales use a currency without ECB rates",
  }),
  message: z.string().meta({ description: 'What is missing, what it changes and how to import it' }),
});

export const coverageSchema = z
  .object({
    as_of: day('The day (UTC) the coverage was computed for: the current month is its month'),
    us_zip_tables: z
      .object({
        in_force: z
          .string()
          .nullable()
          .meta({ description: 'The month of the newest table in force today (YYYY-MM); null: none, US sales get state base rates only', example: '2026-03' }),
        months: z.array(zipTableMonth).meta({ description: 'Every imported month, newest first (`levy rates import`)' }),
      })
      .meta({ description: 'The imported US local-rate tables by ZIP (docs/local.md "US local rates")' }),
    zip_counties: z
      .object({
        county_names: z.string().meta({ description: 'Where `jurisdiction.county` comes from: a bundled one-county-per-ZIP list' }),
        multi_county: z
          .object({
            zip_count: count('ZIPs in the imported crosswalk'),
            multi_county_pairs: count('ZIP and state pairs that reach into two or more counties (a checkout asks for the street address there)'),
            imported_at: z.string().meta({ description: 'When the crosswalk was imported (ISO 8601, UTC)' }),
          })
          .nullable()
          .meta({ description: 'The imported ZIP-to-county crosswalk (`levy zip-counties import`, HUD-USPS); null: none imported' }),
      })
      .meta({ description: 'The ZIP-to-county data' }),
    fx_rates: z
      .object({
        first_date: nullableDay('The first day of any imported ECB reference rate; null: none imported'),
        last_date: nullableDay('The last day of any imported ECB reference rate; null: none imported'),
        currencies: z
          .array(
            z.object({
              currency: z.string().meta({ description: 'ISO 4217 code', example: 'USD' }),
              first_date: day("The currency's first imported day"),
              last_date: day("The currency's last imported day"),
            }),
          )
          .meta({ description: "Each currency with imported rates (of the ECB list and the currencies of the account's sales), by code" }),
      })
      .meta({ description: 'The ECB euro reference rates (`levy fx import`) the nexus report and returns convert with' }),
    rule_data: z
      .array(
        z.object({
          file: z.string().meta({ description: 'The data file, in the repository', example: 'data/us-states.json' }),
          version: z.string().meta({ description: 'The first 12 hex digits of the SHA-256 of its contents: changes whenever the data does' }),
          newest_effective_from: nullableDay('The newest `effective_from` of its rows (the latest rate or rule change it knows); null: it has none'),
          verified_on: z
            .object({
              oldest: nullableDay('The oldest `verified_on` of its rows'),
              newest: nullableDay('The newest `verified_on` of its rows'),
              unverified_rows: count('Rows whose `verified_on` is null (not yet checked against their source)'),
            })
            .nullable()
            .meta({ description: 'When its rows were last checked against their sources; null: the file keeps no `verified_on`' }),
        }),
      )
      .meta({ description: 'The bundled rate and rule data (data/*.json), as this deployment was built with it' }),
    nexus_rules: z
      .object({
        rows: count('Rule rows (one per jurisdiction and period in force)'),
        newest_effective_from: nullableDay('The newest `effective_from` of a rule'),
        verified_on_oldest: nullableDay('The oldest `verified_on` of a rule'),
        verified_on_newest: nullableDay('The newest `verified_on` of a rule'),
        unverified_rows: count('Rules not yet checked against their source (docs/nexus-rules.md)'),
      })
      .meta({ description: 'The economic-nexus rules (data/nexus-rules/*.json)' }),
    warnings: z.array(warning).meta({ description: 'What is missing or old, each with what to do; empty when nothing is' }),
  })
  .meta({ id: 'Coverage', description: 'What this installation knows: the data every answer depends on, with warnings' });

export type CoverageMatches = Expect<Exactly<z.output<typeof coverageSchema>, Coverage>>;
