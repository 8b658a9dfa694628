import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';

type MediaType = { schema?: Record<string, unknown> };
type DocumentedResponse = { content?: Record<string, MediaType> };
type OpenApiDocument = { paths: Record<string, Record<string, { responses?: Record<string, DocumentedResponse> }>> };
export type ObservedResponse = { statusCode: number; headers: Record<string, unknown>; body: string };

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/**
 * Checks an answer against what the OpenAPI document says of its operation: the status is documented, the
 * Content-Type is one the document gives for that status, and a JSON body matches its schema. Returns what does
 * not match, or null.
 */
export function createResponseChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: Record<string, unknown>) => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(key, validate);
    }
    return validate;
  };

  return function check(method: string, path: string, response: ObservedResponse): string | null {
    const responses = document.paths[path]?.[method.toLowerCase()]?.responses ?? {};
    const status = String(response.statusCode);
    const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!documented) return `status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`;
    const mediaTypes = Object.keys(documented.content ?? {});
    if (mediaTypes.length === 0) return null;
    const contentType = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    // A stored file is documented as application/octet-stream and sent with its own type.
    if (!mediaTypes.includes(contentType) && !mediaTypes.includes('application/octet-stream')) {
      return `status ${status} came as '${contentType}', documented as ${mediaTypes.join(' or ')}`;
    }
    const schema = documented.content?.[contentType]?.schema;
    if (!isJson(contentType) || !schema) return null;
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return `status ${status}: the body is not JSON`;
    }
    const validate = validatorFor(`${method} ${path} ${status} ${contentType}`, schema);
    if (validate(body)) return null;
    const [first] = validate.errors ?? [];
    return `status ${status}: the body does not match its schema (${first?.instancePath || '/'} ${first?.message ?? ''})`;
  };
}
