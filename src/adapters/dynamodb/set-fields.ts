/**
 * Secondary adapter (DynamoDB): the UpdateItem parts that SET a patch's fields and `updated_at`, shared by the stores
 * that update records field by field. An undefined field is left alone; null is stored as null, not removed, so a
 * cleared field is still answered (`"tax_id": null`), as after a create. `extra` adds the names and values of the
 * caller's condition.
 */
export interface SetFields {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

export function setFields(
  fields: Record<string, unknown>,
  extra: { names?: Record<string, string>; values?: Record<string, unknown> } = {},
  now: Date = new Date(),
): SetFields {
  const names: Record<string, string> = { '#updated_at': 'updated_at', ...extra.names };
  const values: Record<string, unknown> = { ':updated_at': now.toISOString(), ...extra.values };
  const sets = ['#updated_at = :updated_at'];
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  return { UpdateExpression: `SET ${sets.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}
