import type { OpenApiDocument, OpenApiParameter, Operation } from './openapi-types.ts';
import { resolveSchema } from './openapi-types.ts';
import { exampleFromSchema } from './schema-example.ts';

/** The header the server reads an API key from (apps/server/src/modules/api-keys/key-auth.ts). */
const API_KEY_HEADER = 'X-API-Key';
const API_KEY_VARIABLE = 'LUMEN_API_KEY';
const ACCESS_TOKEN_VARIABLE = 'LUMEN_ACCESS_TOKEN';

/** 'idempotency-key' → 'Idempotency-Key'. */
function headerName(name: string): string {
  return name
    .split('-')
    .map((part) => (part ? part[0]!.toUpperCase() + part.slice(1) : part))
    .join('-');
}

/** Wraps text in single quotes for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function placeholder(name: string): string {
  return `<${name}>`;
}

function url(origin: string, operation: Operation): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => placeholder(name));
  const query = operation.parameters
    .filter((param) => param.in === 'query' && param.required)
    .map((param) => `${encodeURIComponent(param.name)}=${placeholder(param.name)}`)
    .join('&');
  return `${origin}${path}${query ? `?${query}` : ''}`;
}

function headerOption(param: OpenApiParameter): string | null {
  const name = headerName(param.name);
  if (name === 'Idempotency-Key') return `-H "${name}: $(uuidgen)"`;
  return param.required ? `-H "${name}: ${placeholder(param.name)}"` : null;
}

function authOption(operation: Operation): string | null {
  if (operation.acceptsApiKey) return `-H "${API_KEY_HEADER}: $${API_KEY_VARIABLE}"`;
  // Routes outside the API key list answer 403 to a key: they take a signed-in session's access token.
  if (operation.needsAuth) return `-H "Authorization: Bearer $${ACCESS_TOKEN_VARIABLE}"`;
  return null;
}

function bodyOptions(doc: OpenApiDocument, operation: Operation): string[] {
  const body = operation.requestBody;
  if (!body) return [];
  if (body.contentType === 'multipart/form-data') {
    const schema = resolveSchema(doc, body.schema);
    const required = new Set(schema?.required ?? []);
    return Object.entries(schema?.properties ?? {}).flatMap(([name, property]) => {
      const resolved = resolveSchema(doc, property);
      if (resolved?.format === 'binary') return [`-F "${name}=@path/to/file"`];
      if (!required.has(name)) return [];
      const value = exampleFromSchema(doc, property);
      return [`-F ${shellQuote(`${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)}`];
    });
  }
  if (body.contentType === 'application/json') {
    return ['-H "Content-Type: application/json"', `-d ${shellQuote(JSON.stringify(exampleFromSchema(doc, body.schema)))}`];
  }
  return [`-H "Content-Type: ${body.contentType}"`, '--data-binary @path/to/file'];
}

/**
 * A curl command for one operation: the key (or, on session-only routes, the access token) comes from an
 * environment variable, path and required query parameters are <placeholders>, and a body is the schema's example.
 */
export function curlExample(doc: OpenApiDocument, operation: Operation, origin: string): string {
  const method = operation.method.toUpperCase();
  const headers = operation.parameters.filter((param) => param.in === 'header').map(headerOption);
  const options = [authOption(operation), ...headers, ...bodyOptions(doc, operation)].filter((option) => option !== null);
  const first = method === 'GET' ? `curl "${url(origin, operation)}"` : `curl -X ${method} "${url(origin, operation)}"`;
  return [first, ...options].join(' \\\n  ');
}
