import { Ajv } from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { formDataOf } from '../fake-provider-server.ts';
import type { RecordedRequest } from '../fake-provider-server.ts';
import elevenLabs from './elevenlabs-sound-generation.schema.json' with { type: 'json' };
import openAiImages from './openai-images.openapi.json' with { type: 'json' };
import removeBg from './removebg.openapi.json' with { type: 'json' };

/**
 * The providers' published request documents (contracts/README.md says where each comes from), as checks of a
 * request a fake received: each answers the list of what breaks the document, empty when the request keeps it.
 */
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addFormat('binary', true);
ajv.addFormat('unixtime', true);

/** OpenAPI's `nullable: true` (OpenAI's 3.1 document still uses it, also beside anyOf) as JSON Schema: or null. */
function withoutNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutNullable);
  if (!schema || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, withoutNullable(value)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

ajv.addSchema({ $id: 'openai', components: withoutNullable(openAiImages.components) });
ajv.addSchema({ $id: 'removebg', components: removeBg.components });

const ref = (document: string, name: string): ValidateFunction => ajv.compile({ $ref: `${document}#/components/schemas/${name}` });
const openAiGeneration = ref('openai', 'CreateImageRequest');
const openAiEdit = ref('openai', 'CreateImageEditRequest');
const openAiAnswer = ref('openai', 'ImagesResponse');
const openAiError = ref('openai', 'ErrorResponse');
const removeBgForm = ref('removebg', 'RemoveBgMultipart');
const elevenLabsBody = ajv.compile(elevenLabs.body);
const elevenLabsQuery = ajv.compile(elevenLabs.query);

const problems = (validate: ValidateFunction, value: unknown, where: string): string[] =>
  validate(value)
    ? []
    : (validate.errors ?? []).map((error: ErrorObject) => `${where}${error.instancePath} ${error.message ?? 'is invalid'}`);

/** A multipart body as the document's object: files become '<binary>', a field sent as `name[]` an array under `name`. */
async function formObject(request: RecordedRequest): Promise<Record<string, unknown>> {
  const object: Record<string, unknown> = {};
  for (const [name, value] of (await formDataOf(request)).entries()) {
    const item = typeof value === 'string' ? value : '<binary>';
    if (name.endsWith('[]')) {
      const key = name.slice(0, -2);
      object[key] = [...((object[key] as unknown[] | undefined) ?? []), item];
    } else object[name] = item;
  }
  return object;
}

const query = (request: RecordedRequest) => Object.fromEntries(new URL(request.path, 'http://fake').searchParams);

/** OpenAI's openapi.json: POST /v1/images/generations (JSON) and /v1/images/edits (multipart). */
export async function openAiImageRequestProblems(request: RecordedRequest): Promise<string[]> {
  if (request.path === '/v1/images/generations') return problems(openAiGeneration, request.body, 'body');
  if (request.path === '/v1/images/edits') {
    const form = await formObject(request);
    // Numbers travel as text in a form; the document types them as integers.
    for (const key of ['n', 'output_compression', 'partial_images']) if (typeof form[key] === 'string') form[key] = Number(form[key]);
    return problems(openAiEdit, form, 'form');
  }
  return [`no such operation: ${request.method} ${request.path}`];
}

/** An answer the OpenAI fake sends, against the same document (keeps the fake honest). */
export const openAiAnswerProblems = (body: unknown) => problems(openAiAnswer, body, 'answer');
export const openAiErrorProblems = (body: unknown) => problems(openAiError, body, 'error');

/** remove.bg's swagger.yaml: POST /v1.0/removebg as multipart/form-data. */
export async function removeBgRequestProblems(request: RecordedRequest): Promise<string[]> {
  if (!request.path.startsWith('/v1.0/removebg')) return [`no such operation: ${request.method} ${request.path}`];
  const form = await formObject(request);
  const sources = ['image_file', 'image_file_b64', 'image_url'].filter((key) => key in form);
  const backgrounds = ['bg_color', 'bg_image_file', 'bg_image_url'].filter((key) => key in form);
  return [
    ...problems(removeBgForm, form, 'form'),
    ...(sources.length === 1 ? [] : [`form: exactly one of image_file, image_file_b64, image_url (got ${sources.length})`]),
    ...(backgrounds.length <= 1 ? [] : ['form: at most one of bg_color, bg_image_file, bg_image_url']),
  ];
}

/** ElevenLabs' official client: POST /v1/sound-generation, output_format in the query, the JSON body. */
export function elevenLabsRequestProblems(request: RecordedRequest): string[] {
  if (!request.path.startsWith('/v1/sound-generation')) return [`no such operation: ${request.method} ${request.path}`];
  return [...problems(elevenLabsQuery, query(request), 'query'), ...problems(elevenLabsBody, request.body, 'body')];
}
