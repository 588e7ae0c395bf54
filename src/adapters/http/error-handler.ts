/**
 * Primary adapter (Middy middleware): every failure becomes the spec's error body
 * `{error, message, status}`. Client mistakes (AppError) keep their status and message; anything
 * else is logged with the request id and answered as a bare 500 with no internal detail.
 */
import type middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { AppError } from '../../domain/errors';
import { logger } from './logger';

export interface ErrorBody {
  error: string;
  message: string;
  status: number;
}

function errorResponse(status: number, error: string, message: string): APIGatewayProxyResult {
  const body: ErrorBody = { error, message, status };
  return { statusCode: status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export function errorHandler(): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    onError: async (request) => {
      const { error } = request;
      if (error instanceof AppError) {
        logger.info('Request refused', { status: error.status, error: error.code, detail: error.message });
        request.response = errorResponse(error.status, error.code, error.message);
        return;
      }
      logger.error('Unhandled error', error as Error);
      request.response = errorResponse(500, 'internal_error', 'An internal error occurred. It has been logged; retry later.');
    },
  };
}
