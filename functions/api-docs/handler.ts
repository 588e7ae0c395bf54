/**
 * Primary adapter: the public documentation routes, one small function: GET /openapi.json (the OpenAPI 3.1 document),
 * GET /docs (the Swagger UI page) and GET /docs/{asset} (its script, styles and initializer). No key, no account.
 */
import { docsAsset, docsAssetNames, docsAssetParams, docsPage, openApiDocumentSchema, servedDocumentJson } from '../../src/adapters/http/api-docs';
import { publicRoute, publicRoutes } from '../../src/adapters/http/pipeline';

export const handler = publicRoutes(
  publicRoute({
    route: 'docs-openapi',
    responses: { 200: { description: 'The OpenAPI 3.1 document of this API, its server set to this deployment', schema: openApiDocumentSchema } },
    run: async ({ basePath }) => ({ status: 200, json: servedDocumentJson(basePath), headers: { 'Cache-Control': 'no-cache' } }),
  }),
  publicRoute({
    route: 'docs-page',
    responses: { 200: { description: 'The API reference page (Swagger UI, assets served by Levy)', mediaType: 'text/html' } },
    run: async ({ basePath }) => ({ status: 200, ...docsPage(basePath) }),
  }),
  publicRoute({
    route: 'docs-asset',
    params: docsAssetParams,
    responses: { 200: { description: `One of ${docsAssetNames.join(', ')}`, mediaType: ['text/javascript', 'text/css'] } },
    errors: ['not_found'],
    run: async ({ pathParameters, basePath }) => ({ status: 200, ...docsAsset(pathParameters.asset ?? '', basePath) }),
  }),
);
