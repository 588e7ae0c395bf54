/** Domain (pure, types): an account, the tenant every record belongs to. Created by the `levy` CLI, never over HTTP. */

export interface Account {
  account_id: string;
  name: string;
  country: string;
  primary_entity_id: string;
  created_at: string;
}
