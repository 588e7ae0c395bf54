/**
 * Primary adapter: the API's own documentation, served by Levy without a key. The OpenAPI document is the checked-in
 * docs/openapi.json (generated from the handlers' contracts by `npm run openapi`; a test fails when it is stale),
 * bundled into the function; its `servers` are set to the URL it was fetched from, so "Try it out" calls this very
 * deployment (under the stage path in AWS). The reference page is Swagger UI, whose script and styles are served from
 * the swagger-ui-dist package shipped beside the bundle (never a CDN), with an initializer of our own.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import openApiDocument from '../../../docs/openapi.json';
import { NotFoundError } from '../../domain/errors';

/** The package's files the page loads, by the name they are served under (`/docs/<name>`). */
const packageAssets = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
} as const;

const INITIALIZER = 'swagger-initializer.js';

export const docsAssetNames = [...(Object.keys(packageAssets) as (keyof typeof packageAssets)[]), INITIALIZER] as const;

export const docsAssetParams = z.strictObject({
  asset: z.enum(docsAssetNames).meta({ description: "One of the page's scripts or styles" }),
});

/** What /openapi.json answers: an OpenAPI 3.1 document (described loosely: it describes itself). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().meta({ example: '3.1.0' }),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export type OpenApiDocument = z.output<typeof openApiDocumentSchema>;

/** Assets change only with a deploy; a browser may keep them for an hour. */
const CACHE_ASSET = 'public, max-age=3600';
/** Scripts, styles, the document and images from this origin only: the page can load nothing from a CDN. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

/** The document, served with this deployment's base path as its server (`/v1` behind API Gateway, `/` locally). */
function servedDocument(basePath: string): OpenApiDocument {
  return { ...(openApiDocument as OpenApiDocument), servers: [{ url: basePath || '/', description: 'This deployment' }] };
}

let served: { basePath: string; json: string } | undefined;

/**
 * servedDocument as JSON, serialized once per container (a megabyte took milliseconds per call); kept for the last base
 * path only, as a container is reached under one (its stage, or a custom domain's mapping).
 */
export function servedDocumentJson(basePath: string): string {
  if (served?.basePath !== basePath) served = { basePath, json: JSON.stringify(servedDocument(basePath)) };
  return served.json;
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function docsPage(basePath: string): { text: string; headers: Record<string, string> } {
  const at = (path: string) => escapeAttribute(`${basePath}${path}`);
  const text = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Levy API reference</title>
<link rel="stylesheet" href="${at('/docs/swagger-ui.css')}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${at('/docs/swagger-ui-bundle.js')}"></script>
<script src="${at(`/docs/${INITIALIZER}`)}"></script>
</body>
</html>
`;
  return { text, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'Cache-Control': 'no-cache' } };
}

/** Our initializer (not the package's, which points at the petstore): the document of this deployment. */
function initializer(basePath: string): string {
  const options = {
    url: `${basePath}/openapi.json`,
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
  };
  return `window.ui = SwaggerUIBundle(${JSON.stringify(options)});\n`;
}

const assetFiles = new Map<string, string>();

/** A file of swagger-ui-dist, read once per container (the stack ships the package beside the bundle). */
function packageFile(name: keyof typeof packageAssets): string {
  let text = assetFiles.get(name);
  if (text === undefined) {
    text = readFileSync(require.resolve(`swagger-ui-dist/${name}`), 'utf8');
    assetFiles.set(name, text);
  }
  return text;
}

export function docsAsset(name: string, basePath: string): { text: string; headers: Record<string, string> } {
  if (name === INITIALIZER) return { text: initializer(basePath), headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' } };
  if (!Object.hasOwn(packageAssets, name)) throw new NotFoundError('documentation asset', name);
  const asset = name as keyof typeof packageAssets;
  return { text: packageFile(asset), headers: { 'Content-Type': packageAssets[asset], 'Cache-Control': CACHE_ASSET } };
}
