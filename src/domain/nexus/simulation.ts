/**
 * Domain (pure): the request of POST /v1/nexus/simulate: the report's query fields and up to 1,000
 * hypothetical sales in the shape of POST /v1/transactions (each validated as that route validates it, when taxed).
 */
import * as z from 'zod';
import type { TransactionInput } from '../transactions/schema';
import { nexusQuerySchema } from './report';

/** Enough for a quarter's plan of large orders; the report's cost grows with each (one engine quote per sale). */
export const MAX_SIMULATED_SALES = 1_000;

export const nexusSimulationSchema = nexusQuerySchema.extend({
  transactions: z
    .array(z.record(z.string(), z.unknown(), { error: 'must be a transaction object, as POST /v1/transactions takes' }), {
      error: 'must be an array of transactions (POST /v1/transactions shape)',
    })
    .min(1, { error: 'must hold at least one transaction' })
    .max(MAX_SIMULATED_SALES, { error: `must hold at most ${MAX_SIMULATED_SALES} transactions` })
    .meta({ description: 'Hypothetical sales, each in the shape of POST /v1/transactions' }),
});

export type NexusSimulationRequest = Omit<z.output<typeof nexusSimulationSchema>, 'transactions'> & {
  transactions: (TransactionInput & { entity_id?: string })[];
};
