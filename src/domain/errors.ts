/**
 * Domain errors (shared by the domain, the stores and the HTTP layer; no AWS or HTTP import).
 * Each carries the HTTP status and the snake_case code of the spec's error body; the HTTP error
 * handler turns any of them into `{error, message, status}`. Anything else thrown is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: a field is missing, of the wrong type, out of range, or unknown. Name the field. */
export class ValidationError extends AppError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(400, 'validation_error', message);
  }
}

/** 404: unknown id, or an id that belongs to another account (indistinguishable on purpose). */
export class NotFoundError extends AppError {
  constructor(what: string, id: string) {
    super(404, 'not_found', `No ${what} with id '${id}' exists.`);
  }
}

/** 409: the request conflicts with the current state of a record. */
export class ConflictError extends AppError {
  constructor(code: string, message: string) {
    super(409, code, message);
  }
}

/** 403: the action is understood but not permitted. */
export class ForbiddenError extends AppError {
  constructor(code: string, message: string) {
    super(403, code, message);
  }
}

/**
 * 422: the request's date lies outside the rate history Levy holds for the jurisdiction (before its first row, or
 * after a rate that ended with no recorded successor). Never answered with a later or earlier rate instead.
 */
/**
 * 422: the date is outside the history Levy holds. The message names the jurisdiction and the dates Levy can answer
 * for; the body stays the spec's `{error, message, status}` (service-spec 2.5), so they are not separate fields.
 */
export class RateHistoryUnavailableError extends AppError {
  constructor(message: string) {
    super(422, 'rate_history_unavailable', message);
  }
}

/** The record, or a 404 naming it when there is none (missing and another account's alike). */
export function found<T>(record: T | undefined, what: string, id: string): T {
  if (record === undefined) throw new NotFoundError(what, id);
  return record;
}
