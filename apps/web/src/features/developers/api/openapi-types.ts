/** The parts of an OpenAPI 3.1 document the reference renders, and helpers to read them. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  nullable?: boolean;
};

export type OpenApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
};
type MediaType = { schema?: JsonSchema };
type OpenApiOperationObject = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
  security?: Record<string, string[]>[];
  deprecated?: boolean;
};

export type OpenApiDocument = {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  tags?: { name: string; description?: string }[];
  servers?: { url: string }[];
  paths?: Record<string, Partial<Record<HttpMethod, OpenApiOperationObject>> & { parameters?: OpenApiParameter[] }>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type Operation = {
  id: string;
  operationId?: string;
  method: HttpMethod;
  path: string;
  tags: string[];
  group: string;
  summary: string;
  description?: string;
  parameters: OpenApiParameter[];
  requestBody?: { contentType: string; schema?: JsonSchema; required: boolean };
  responses: { status: string; description?: string; schema?: JsonSchema }[];
  needsAuth: boolean;
  acceptsApiKey: boolean;
  /** an administration route (ADMIN role only): never shown to visitors and users */
  isAdmin: boolean;
};

export const API_PREFIX = '/api/v1';
const ADMIN_PREFIX = `${API_PREFIX}/admin`;
const ADMIN_TAG = 'admin';
const apiKeySchemes = ['apiKeyBearer', 'apiKeyHeader'];

/** The routes an API key may call (docs/api/api-keys-contract.md, "Using a key"); paths without /api/v1. */
export const apiKeyRoutes = [
  'GET /services',
  'POST /uploads',
  'POST /jobs',
  'GET /jobs',
  'GET /jobs/{id}',
  'GET /jobs/{id}/events',
  'DELETE /jobs/{id}',
  'POST /jobs/{id}/retry',
  'GET /jobs/{id}/download',
  'GET /jobs/{id}/outputs/{outputId}/download',
  'GET /credits/balance',
  'GET /credits/history',
] as const;

/** '/api/v1/jobs/{id}' → '/jobs/{id}'. */
export function apiPath(path: string): string {
  return path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) || '/' : path;
}

/** Whether a key may call the route: it is listed in the contract, or its security lists an API key scheme. */
export function acceptsApiKey(method: string, path: string, security?: Record<string, string[]>[]): boolean {
  if ((apiKeyRoutes as readonly string[]).includes(`${method.toUpperCase()} ${apiPath(path)}`)) return true;
  return (security ?? []).some((requirement) => apiKeySchemes.some((scheme) => scheme in requirement));
}

export function isAdminOperation(path: string, tags?: string[]): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`) || (tags ?? []).includes(ADMIN_TAG);
}

/** A security list that holds an empty requirement ({}) makes signing in optional. */
function requiresAuth(security?: Record<string, string[]>[]): boolean {
  return (security?.length ?? 0) > 0 && !security!.some((requirement) => Object.keys(requirement).length === 0);
}

const acronyms = new Set(['api', 'ip']);

function titleCase(value: string): string {
  return value
    .split(/[-_ ]/)
    .filter(Boolean)
    .map((word) => (acronyms.has(word) ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1)))
    .join(' ');
}

/** The group of an operation: its first tag, else the first segment of its path. */
export function groupOf(path: string, tags?: string[]): string {
  if (tags?.[0]) return titleCase(tags[0]);
  const segment = apiPath(path).split('/').find(Boolean);
  return segment ? titleCase(segment) : 'General';
}

/** Every operation of the document, grouped and ordered by group then path. */
export function collectOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of httpMethods) {
      const op = item[method];
      if (!op) continue;
      const jsonType = op.requestBody?.content ? Object.keys(op.requestBody.content)[0] : undefined;
      const responses = Object.entries(op.responses ?? {}).map(([status, response]) => {
        const media = response.content ? Object.values(response.content)[0] : undefined;
        return { status, description: response.description, schema: media?.schema };
      });
      operations.push({
        id: op.operationId ?? `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-'),
        operationId: op.operationId,
        method,
        path,
        tags: op.tags ?? [],
        group: groupOf(path, op.tags),
        summary: op.summary ?? `${method.toUpperCase()} ${apiPath(path)}`,
        description: op.description,
        parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])],
        requestBody: jsonType
          ? { contentType: jsonType, schema: op.requestBody?.content?.[jsonType]?.schema, required: op.requestBody?.required ?? false }
          : undefined,
        responses,
        needsAuth: requiresAuth(op.security),
        acceptsApiKey: acceptsApiKey(method, path, op.security),
        isAdmin: isAdminOperation(path, op.tags),
      });
    }
  }
  return operations.sort(
    (a, b) =>
      a.group.localeCompare(b.group) || a.path.localeCompare(b.path) || httpMethods.indexOf(a.method) - httpMethods.indexOf(b.method),
  );
}

/** Follows a local $ref ('#/components/schemas/Job'); unknown references are returned unchanged. */
export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  let current = schema;
  for (let depth = 0; current?.$ref && depth < 10; depth += 1) {
    const match = /^#\/components\/schemas\/(.+)$/.exec(current.$ref);
    const target = match ? doc.components?.schemas?.[decodeURIComponent(match[1]!)] : undefined;
    if (!target) return current;
    current = target;
  }
  return current;
}

/** A short type label: 'string (uuid)', 'array of object', 'integer | null', 'one of …'. */
export function typeLabel(doc: OpenApiDocument, raw: JsonSchema | undefined): string {
  const schema = resolveSchema(doc, raw);
  if (!schema) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeLabel(doc, variant)).join(' | ');
  if (schema.allOf) return schema.allOf.map((variant) => typeLabel(doc, variant)).join(' & ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const label = types
    .map((type) => {
      if (type === 'array') {
        const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
        return `array of ${typeLabel(doc, items)}`;
      }
      return schema.format && type !== 'null' ? `${type} (${schema.format})` : type;
    })
    .join(' | ');
  if (label) return label;
  if (schema.properties) return 'object';
  return 'any';
}
