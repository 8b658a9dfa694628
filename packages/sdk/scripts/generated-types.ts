import { fileURLToPath } from 'node:url';
import { apiKeySurface, buildOpenApiDocument } from './openapi-document.ts';
import { renderOpenApiTypes } from './render-types.ts';

/** The checked-in output of `npm run generate`. */
export const GENERATED_TYPES_PATH = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));

/** What src/generated/openapi.ts must contain for the server as it is now. */
export async function generateTypes(): Promise<string> {
  return renderOpenApiTypes(apiKeySurface(await buildOpenApiDocument()));
}
