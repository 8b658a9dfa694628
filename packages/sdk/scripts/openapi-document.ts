import type { OpenAPI3, OperationObject, PathItemObject } from 'openapi-typescript';
import { buildTestApp } from '../../../apps/server/src/test/build-test-app.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** The security schemes that take an API key (apps/server/src/plugins/openapi.ts). */
const API_KEY_SCHEMES = ['apiKeyBearer', 'apiKeyHeader'];

/**
 * The server's OpenAPI document as GET /api/v1/openapi.json serves it, built in this process
 * (the whole app on a throw-away database, nothing listening). The test harness fixes the config,
 * so the document is the same on every machine.
 */
export async function buildOpenApiDocument(): Promise<OpenAPI3> {
  const t = await buildTestApp();
  try {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${response.statusCode}: ${response.body}`);
    return response.json() as OpenAPI3;
  } finally {
    await t.close();
  }
}

const takesApiKey = (operation: OperationObject) =>
  (operation.security ?? []).some((requirement) => API_KEY_SCHEMES.some((scheme) => scheme in requirement));

/**
 * The part of the document an API key can call: the operations whose security lists an API-key
 * scheme (any other operation answers 403 to a key), in the document's order. The rest of the
 * document (info, servers, components) is kept as it is.
 */
export function apiKeySurface(document: OpenAPI3): OpenAPI3 {
  const paths: Record<string, PathItemObject> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if ('$ref' in item) continue;
    const kept: PathItemObject = {};
    let hasOperation = false;
    for (const [key, value] of Object.entries(item)) {
      const isMethod = (METHODS as readonly string[]).includes(key);
      if (!isMethod) Object.assign(kept, { [key]: value });
      else if (takesApiKey(value as OperationObject)) {
        Object.assign(kept, { [key]: value });
        hasOperation = true;
      }
    }
    if (hasOperation) paths[path] = kept;
  }
  return { ...document, paths };
}
