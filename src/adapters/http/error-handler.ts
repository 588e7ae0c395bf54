/**
 * Primary adapter (Middy middleware): every failure becomes the spec's error body `{error, message, status}` plus
 * the `request_id` a client quotes to support (API Gateway's request id, also in the `Request-Id` header and on every
 * log line). Client mistakes (AppError) keep their status and message; anything else is logged and answered as a
 * bare 500 with no internal detail. Every error answer is counted by its code (metric `Errors`).
 */
import type middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { REQUEST_ID_HEADER } from '../../config/gateway-responses';
import { AppError } from '../../domain/errors';
import { InvocationDeadlineError } from '../invocation/deadline';
import { logger } from '../observability/logger';
import { countError } from '../observability/metrics';

export interface ErrorBody {
  error: string;
  message: string;
  status: number;
  request_id: string;
}

/** API Gateway's id of this request (the local server makes one up the same way). */
export const requestIdOf = (event: APIGatewayProxyEvent | undefined): string => event?.requestContext?.requestId ?? 'unknown';

function errorResponse(status: number, error: string, message: string, requestId: string): APIGatewayProxyResult {
  const body: ErrorBody = { error, message, status, request_id: requestId };
  return { statusCode: status, headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: requestId }, body: JSON.stringify(body) };
}

export function errorHandler(endpoint: string): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    onError: async (request) => {
      // Out of time before a write (nothing of it sent): a clean answer the client may retry, not a 500.
      const error =
        request.error instanceof InvocationDeadlineError
          ? new AppError(503, 'deadline_exceeded', 'The request ran out of time before it could be completed. Send it again: retries are safe.')
          : request.error;
      const requestId = requestIdOf(request.event);
      const code = error instanceof AppError ? error.code : 'internal_error';
      if (error instanceof AppError) {
        logger.info('Request refused', { status: error.status, error: error.code, detail: error.message });
        request.response = errorResponse(error.status, code, error.message, requestId);
      } else {
        logger.error('Unhandled error', error as Error);
        request.response = errorResponse(500, code, 'An internal error occurred. It has been logged; retry later.', requestId);
      }
      countError(endpoint, code);
    },
  };
}

/** Every successful answer names its request too (a replayed answer gets this request's id, not the original's). */
export function requestIdHeader(): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    after: async (request) => {
      if (request.response) request.response.headers = { ...request.response.headers, [REQUEST_ID_HEADER]: requestIdOf(request.event) };
    },
  };
}
