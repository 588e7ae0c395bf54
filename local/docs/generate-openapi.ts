/** Docs command (`npm run openapi`): writes docs/openapi.json from the route table and the handlers' schemas. */
import '../quiet-sdk-warning';
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument, OPENAPI_PATH, renderOpenApi } from './openapi';

void buildOpenApiDocument().then((document) => {
  writeFileSync(OPENAPI_PATH, renderOpenApi(document));
  process.stdout.write(`docs/openapi.json written (${Object.keys(document.paths as object).length} paths)\n`);
});
