/**
 * Primary adapter (Middy middleware): the request half of the pipeline. Checks the media type, parses the JSON body
 * with @middy/http-json-body-parser, checks path ids against the format of the record they name, then validates body
 * and query with zod, replacing them on the event by their parsed, normalised values.
 */
import type middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type * as z from 'zod';
import { BINARY_MEDIA_TYPES, mediaTypeOf } from '../../config/api-settings';
import type { RouteDefinition } from '../../config/routes';
import { AppError, NotFoundError, ValidationError } from '../../domain/errors';
import { idFormats, MAX_ID_LENGTH } from '../../domain/ids';
import { parseWith } from '../../domain/validation';
import type { ValidatedEvent } from './route-types';

type Middleware = middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult>;

const JSON_MEDIA_TYPE = /^application\/(.+\+)?json\s*($|;)/i;
// The media type is checked above with our own message; the option is missing from the package's types.
const parser = httpJsonBodyParser({ disableContentTypeCheck: true } as Parameters<typeof httpJsonBodyParser>[0]);

const hasBody = (event: APIGatewayProxyEvent) => typeof event.body === 'string' && event.body.length > 0;

/** 415 for a body that is not JSON, 400 `invalid_json` for malformed JSON. */
export function jsonBody(method: string): Middleware {
  return {
    before: async (request) => {
      const { event } = request;
      if (!hasBody(event)) {
        event.body = null;
        return;
      }
      if (method === 'GET' || method === 'DELETE') {
        throw new ValidationError(`${method} requests take no body.`);
      }
      const contentType = event.headers?.['content-type'];
      if (!contentType || !JSON_MEDIA_TYPE.test(contentType)) {
        throw new AppError(415, 'unsupported_media_type', `Content-Type must be application/json, got '${contentType ?? 'none'}'.`);
      }
      try {
        await parser.before!(request as never);
      } catch (error) {
        const detail = (error as { cause?: { message?: string } }).cause?.message;
        throw new AppError(400, 'invalid_json', `The request body is not valid JSON${detail ? `: ${detail}` : '.'}`);
      }
    },
  };
}

/**
 * The body of a route that takes bytes (a document): decoded from base64 when API Gateway encoded it (a binary media
 * type, src/config/api-settings.ts), and handed to the route as `rawBody`; what the bytes are is the route's to check.
 */
export function rawBody(accepted: readonly string[] = BINARY_MEDIA_TYPES): Middleware {
  return {
    before: async (request) => {
      const event = request.event as ValidatedEvent;
      // Only a binary media type reaches the function as the bytes sent; any other body API Gateway hands over as
      // text, and bytes outside UTF-8 would be replaced: refused before anything could store them.
      const contentType = event.headers?.['content-type'];
      const type = mediaTypeOf(contentType);
      if (hasBody(event) && (!accepted.includes(type) || !event.isBase64Encoded)) {
        throw new AppError(
          415,
          'unsupported_media_type',
          `Content-Type must be one of ${accepted.join(', ')}${accepted.join() === BINARY_MEDIA_TYPES.join() ? ' for a document' : ''}; got '${contentType ?? 'none'}'.`,
        );
      }
      event.rawBody = hasBody(event) ? Buffer.from(event.body!, 'base64') : Buffer.alloc(0);
      event.body = null;
    },
  };
}

/**
 * A path id longer than any id can be is a 400 (DynamoDB would refuse it as a key); one of another shape than the
 * record's ids cannot name a record, so it is a 404 like any unknown id, without a read.
 */
export function validatePathIds(route: RouteDefinition): Middleware {
  return {
    before: async (request) => {
      for (const [parameter, kind] of Object.entries(route.pathIds ?? {})) {
        const value = request.event.pathParameters?.[parameter] ?? '';
        if (value.length > MAX_ID_LENGTH) {
          throw new ValidationError(`Path parameter '${parameter}' must be at most ${MAX_ID_LENGTH} characters; got ${value.length}.`, parameter);
        }
        const format = idFormats[kind];
        if (!format.pattern.test(value)) throw new NotFoundError(format.noun, value);
      }
    },
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates body and query; a route without a query schema accepts no query parameters. */
export function validateRequest(schemas: { body?: z.ZodType; query?: z.ZodType }): Middleware {
  return {
    before: async (request) => {
      const event = request.event as ValidatedEvent;
      if (schemas.body) {
        const body: unknown = event.body;
        if (body === null || body === undefined) throw new ValidationError('A JSON object body is required.');
        if (!isPlainObject(body)) throw new AppError(400, 'invalid_body', 'The request body must be a JSON object.');
        (event as { body: unknown }).body = parseWith(schemas.body, body);
      } else if (event.body !== null) {
        throw new ValidationError('This route takes no request body.');
      }
      const query = event.queryStringParameters ?? {};
      if (schemas.query) {
        event.parsedQuery = parseWith(schemas.query, query, { kind: 'query parameter' });
      } else if (Object.keys(query).length > 0) {
        const names = Object.keys(query)
          .map((k) => `'${k}'`)
          .join(', ');
        throw new ValidationError(`Unknown query parameter${Object.keys(query).length > 1 ? 's' : ''} ${names}; this route takes none.`, Object.keys(query)[0]);
      }
    },
  };
}
