import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';

const BANNER = [
  '/**',
  ' * Generated from the Lumen Studio API (GET /api/v1/openapi.json) by packages/sdk/scripts/generate.ts.',
  ' * Do not edit: run `npm run generate -w @lumen/sdk` after changing a route or a schema.',
  ' * packages/sdk/test/generated.test.ts fails while this file differs from the server it was made from.',
  ' */',
  '',
].join('\n');

/** `format: binary` (multipart file parts) is a Blob to send, not a string. */
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

/** The TypeScript of an OpenAPI document: `paths`, `components` and `operations`, as openapi-fetch reads them. */
export async function renderOpenApiTypes(document: OpenAPI3): Promise<string> {
  const ast = await openapiTS(document, {
    silent: true,
    transform(schemaObject) {
      if ('format' in schemaObject && schemaObject.format === 'binary') return BLOB;
      return undefined;
    },
  });
  return BANNER + astToString(ast);
}
