import { z } from 'zod';
import type { ServiceEntry } from '@lumen/core/jobs/schemas';
import type { ServiceDefinition } from '../jobs/index.ts';
import { GET_JOB_TOOL } from './tool-names.ts';

/** What a service tool is called with: POST /jobs's body without `service`, plus its Idempotency-Key. */
export type ServiceToolArgs = { params: Record<string, unknown>; files?: Record<string, string | undefined>; idempotencyKey?: string };

const uploadId = z.uuid('Must be an upload id');

/**
 * `params` is the service's own params schema, the one POST /jobs validates with; `files` names the
 * service's upload fields (whether an optional one is needed depends on the params: the jobs service says).
 */
export function toolInputSchema(definition: ServiceDefinition): z.ZodType<ServiceToolArgs> {
  const shape = {
    // Every service's params schema is an object schema: its output is the params object.
    params: definition.paramsSchema as z.ZodType<Record<string, unknown>>,
    idempotencyKey: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('Like the Idempotency-Key header of POST /api/v1/jobs: a repeat with the same key returns the first job, charged once'),
  };
  if (definition.files.length === 0) return z.strictObject(shape);
  const fields = Object.fromEntries(
    definition.files.map((file) => [file.name, (file.required ? uploadId : uploadId.optional()).describe(file.label)]),
  );
  const files = z.strictObject(fields).describe('Upload ids from POST /api/v1/uploads, by file field');
  return z.strictObject({ ...shape, files: definition.files.some((file) => file.required) ? files : files.optional() });
}

const creditWord = (count: number) => (count === 1 ? 'credit' : 'credits');

function costSentence(entry: ServiceEntry): string {
  if (entry.cost > 0) {
    return `Cost: ${entry.cost} ${creditWord(entry.cost)} per run, charged from your balance when the job is submitted and refunded if it fails.`;
  }
  const limit = entry.freeRunsPerDay ? ` (up to ${entry.freeRunsPerDay} free runs a day per account)` : '';
  return `Cost: 0 credits, free${limit}.`;
}

function filesSentence(definition: ServiceDefinition, publicUrl: string): string {
  if (definition.files.length === 0) return '';
  const fields = definition.files
    .map((file) => `files.${file.name}: ${file.label} (${file.required ? 'required' : 'optional'}, ${file.accept.join(', ')})`)
    .join('; ');
  const needsTranscript = definition.files.some((file) => file.purpose === 'transcript');
  return (
    ` Files are not sent inline: upload each first with POST ${publicUrl}/api/v1/uploads (multipart/form-data, field "file"` +
    `${needsTranscript ? ', and purpose=transcript for a transcript' : ''}, the same API key) and pass the upload id it returns. ${fields}.`
  );
}

const catalogueSentence = (definition: ServiceDefinition, publicUrl: string) =>
  definition.key === 'virtual-try-on'
    ? ` Instead of uploads, params.modelId and params.garmentId may name a model and a garment from GET ${publicUrl}/api/v1/try-on/models and /api/v1/try-on/garments.`
    : '';

/** The tool's description: what it does, its current cost, how to pass files, and what it returns. */
export function toolDescription(definition: ServiceDefinition, entry: ServiceEntry, publicUrl: string, waitSeconds: number): string {
  return (
    `${definition.name}: ${definition.description} ${costSentence(entry)}` +
    filesSentence(definition, publicUrl) +
    catalogueSentence(definition, publicUrl) +
    ` Returns the job id and status, with the result links when the job finishes within ${waitSeconds} s;` +
    ` otherwise read it later with ${GET_JOB_TOOL} or the resource lumen://jobs/{id}.`
  );
}
