/** Return reads: one return by id, and the account's returns a page at a time. */
import { found } from '../../domain/errors';
import type { Page } from '../../domain/records/record';
import type { ListReturnsQuery, TaxReturn } from '../../domain/returns/return';
import { parameterError } from '../../domain/validation';
import type { ReturnDeps } from './compute';

export const getReturn = async (deps: Pick<ReturnDeps, 'returns'>, accountId: string, id: string): Promise<TaxReturn> =>
  found(await deps.returns.get(accountId, id), 'return', id);

export async function listReturns(deps: Pick<ReturnDeps, 'returns'>, accountId: string, query: ListReturnsQuery): Promise<Page<TaxReturn>> {
  // The cursor is a return of this account (the page reads on from its id), whatever the filters.
  if (query.starting_after !== undefined && !(await deps.returns.get(accountId, query.starting_after))) {
    throw parameterError('starting_after', `is '${query.starting_after}', but no return with that id is in this list`);
  }
  return deps.returns.page(
    accountId,
    { limit: query.limit, startingAfter: query.starting_after },
    { registrationId: query.registration_id, status: query.status },
  );
}
