/**
 * Config (pure): the variable that points the functions at a DynamoDB other than AWS's (DynamoDB Local). Every function
 * of the stack declares it with an empty value (= the real DynamoDB of the region), so `sam local invoke --env-vars`
 * can set it: SAM overrides only the variables a function declares. Read by src/config/environment.ts.
 */
export const DYNAMODB_ENDPOINT_ENV_VAR = 'LEVY_DYNAMODB_ENDPOINT';
