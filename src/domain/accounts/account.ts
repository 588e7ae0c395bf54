/** Domain (pure, types): an account, the tenant every record belongs to. Created by the `levy` CLI, never over HTTP. */

export interface Account {
  account_id: string;
  name: string;
  country: string;
  primary_entity_id: string;
  /** The usage plan (src/config/plans.ts): the account's rate, burst and daily quota. */
  plan: string;
  /**
   * The value API Gateway keys the plan's limits on: an API Gateway API key in AWS (whose id is usage_key_id), a
   * random value on a laptop. Not a credential: clients never send it.
   */
  usage_key: string;
  usage_key_id?: string;
  created_at: string;
}
