import { z } from 'zod';
import type { OutputKind, ServiceFile, UploadPurpose } from '@lumen/core/jobs/schemas';
import { imageContentTypes, transcriptContentTypes, uploadLimits } from '@lumen/core/jobs/schemas';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { ProviderName } from '@lumen/core/services/providers';
import { deadlineMsOf } from '@lumen/engines';
import { aiBackgroundMaxPixels, aiBackgroundParamsSchema } from '@lumen/core/services/ai-background-params';
import { imageGeneratorParamsSchema } from '@lumen/core/services/image-generator-params';
import { salesPilotParamsSchema } from '@lumen/core/services/sales-pilot-params';
import { soundGeneratorParamsSchema } from '@lumen/core/services/sound-generator-params';
import { speedpaintingParamsSchema } from '@lumen/core/services/speedpainting-params';
import { virtualTryOnParamsSchema } from '@lumen/core/services/virtual-try-on-params';

export type ServiceFileSpec = ServiceFile & { purpose: UploadPurpose };

/** What the server knows about each service besides its cost: inputs, output, limits for the worker. */
export type ServiceDefinition = {
  key: ServiceKey;
  name: string;
  description: string;
  outputKind: OutputKind;
  paramsSchema: z.ZodType<Record<string, unknown>>;
  files: ServiceFileSpec[];
  /** Jobs of this service one worker process runs at once. */
  concurrency: number;
  /** A run of the built-in engine is aborted after this long. */
  timeoutMs: number;
  /**
   * The deadline of a job on a hosted provider, counted from the submission of its request: a run is aborted and
   * a request still at its provider cancelled (once) after this long. Hosted models queue, cold-start and (video)
   * render for minutes, so this is longer than the built-in engine's (decision 057).
   */
  hostedTimeoutMs: number;
};

const image = (name: string, label: string, required: boolean, maxPixels?: number): ServiceFileSpec => ({
  name,
  label,
  required,
  accept: [...imageContentTypes],
  maxBytes: uploadLimits.imageMaxBytes,
  ...(maxPixels !== undefined ? { maxPixels } : {}),
  purpose: 'image',
});

/** Virtual try-on also takes catalogue ids instead of the person / garment uploads. */
export const virtualTryOnJobParamsSchema = virtualTryOnParamsSchema.extend({
  modelId: z.uuid('Not a model id').optional(),
  garmentId: z.uuid('Not a garment id').optional(),
});

export const serviceDefinitions: Record<ServiceKey, ServiceDefinition> = {
  'ai-background': {
    key: 'ai-background',
    name: serviceNames['ai-background'],
    description: 'Remove the background of a photo and put the subject on a colour, one of our backgrounds or your own picture.',
    outputKind: 'image',
    paramsSchema: aiBackgroundParamsSchema,
    files: [
      image('image', 'Photo', true, aiBackgroundMaxPixels),
      image('background', 'Background picture (upload mode)', false, aiBackgroundMaxPixels),
    ],
    concurrency: 2,
    timeoutMs: 120_000,
    hostedTimeoutMs: 300_000,
  },
  'image-generator': {
    key: 'image-generator',
    name: serviceNames['image-generator'],
    description: 'Turn a text prompt into pictures in the style and aspect ratio you choose.',
    outputKind: 'image',
    paramsSchema: imageGeneratorParamsSchema,
    files: [],
    concurrency: 2,
    timeoutMs: 120_000,
    hostedTimeoutMs: 300_000,
  },
  'virtual-try-on': {
    key: 'virtual-try-on',
    name: serviceNames['virtual-try-on'],
    description: 'See a person wearing a garment: upload both photos or pick from our models and clothing.',
    outputKind: 'image',
    paramsSchema: virtualTryOnJobParamsSchema,
    files: [
      image('person', 'Person photo (or choose a model)', false),
      image('garment', 'Garment photo (or choose from the catalogue)', false),
    ],
    concurrency: 2,
    timeoutMs: 120_000,
    hostedTimeoutMs: 300_000,
  },
  speedpainting: {
    key: 'speedpainting',
    name: serviceNames.speedpainting,
    description: 'A video of your picture being painted stroke by stroke.',
    outputKind: 'video',
    paramsSchema: speedpaintingParamsSchema,
    files: [image('image', 'Picture', true)],
    concurrency: 1,
    timeoutMs: 300_000,
    hostedTimeoutMs: 900_000,
  },
  'sales-pilot': {
    key: 'sales-pilot',
    name: serviceNames['sales-pilot'],
    description:
      'A report on a sales call from its transcript or notes: talk ratio, questions, objections, sentiment, next steps and a score.',
    outputKind: 'report',
    paramsSchema: salesPilotParamsSchema,
    files: [
      {
        name: 'transcript',
        label: 'Transcript (.txt, .vtt or .srt) instead of pasted text',
        required: false,
        accept: [...transcriptContentTypes],
        maxBytes: uploadLimits.transcriptMaxBytes,
        purpose: 'transcript',
      },
    ],
    concurrency: 2,
    timeoutMs: 120_000,
    hostedTimeoutMs: 180_000,
  },
  'sound-generator': {
    key: 'sound-generator',
    name: serviceNames['sound-generator'],
    description: 'Describe a sound or a piece of music and get an audio file.',
    outputKind: 'audio',
    paramsSchema: soundGeneratorParamsSchema,
    files: [],
    concurrency: 2,
    timeoutMs: 120_000,
    hostedTimeoutMs: 300_000,
  },
};

export const orderedServiceDefinitions = serviceKeys.map((key) => serviceDefinitions[key]);

/**
 * One service's POST /jobs body: its own params and the upload fields it names. What the server always needs is
 * required in the schema, so the OpenAPI document (and every client generated from it) says so: `params` when the
 * service has a required param, `files` and its always-needed fields (AI background's and speedpainting's image).
 * A service whose params are all optional takes a missing params object as {}.
 */
function jobBodySchemaOf<Key extends ServiceKey>(definition: ServiceDefinition & { key: Key }) {
  const needed = definition.files.filter((file) => file.required).map((file) => file.name);
  const fileFields = Object.fromEntries(
    definition.files.map((file) => {
      const description = `${file.label}${file.required ? ' (required)' : ''}: an upload id from POST /uploads`;
      const id = z.uuid({
        error: (issue) => (issue.input === undefined ? `Upload the ${file.label.toLowerCase()}` : 'Must be an upload id'),
      });
      return [file.name, file.required ? id.describe(description) : id.optional().describe(description)];
    }),
  );
  const filesSchema = z.strictObject(fileFields, {
    error: (issue) => (issue.input === undefined ? `${definition.name} needs files: ${needed.join(', ')} (upload ids)` : undefined),
  });
  const paramsNeeded = !definition.paramsSchema.safeParse({}).success;
  return z
    .strictObject({
      service: z.literal(definition.key),
      params: paramsNeeded ? definition.paramsSchema : definition.paramsSchema.prefault({}),
      files: needed.length > 0 ? filesSchema : filesSchema.prefault({}),
    })
    .meta({ title: `${definition.name} job` });
}

/**
 * The body of POST /jobs, one shape per service told apart by `service`: the OpenAPI document states every
 * service's params and file fields. Rules between fields (which files a mode needs, a model or a person photo)
 * are checked by the jobs service with the same messages.
 */
const exampleUploadId = '5b7c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4';

export const createJobBodySchema = z
  .discriminatedUnion('service', [
    jobBodySchemaOf(serviceDefinitions['ai-background']),
    jobBodySchemaOf(serviceDefinitions['image-generator']),
    jobBodySchemaOf(serviceDefinitions['virtual-try-on']),
    jobBodySchemaOf(serviceDefinitions.speedpainting),
    jobBodySchemaOf(serviceDefinitions['sales-pilot']),
    jobBodySchemaOf(serviceDefinitions['sound-generator']),
  ])
  .meta({
    examples: [
      { service: 'image-generator', params: { prompt: 'a sailboat on a calm sea at dawn', aspectRatio: '16:9', style: 'watercolor' } },
      { service: 'ai-background', params: { mode: 'color', color: '#1a2b3c' }, files: { image: exampleUploadId } },
      {
        service: 'virtual-try-on',
        params: { category: 'top', consentToLikeness: true },
        files: { person: exampleUploadId, garment: exampleUploadId },
      },
      { service: 'speedpainting', params: { durationSeconds: 10, style: 'watercolor' }, files: { image: exampleUploadId } },
      {
        service: 'sales-pilot',
        params: {
          text: 'Anna: Thanks for joining, Ben. What does your team use for quotes today?\nBen: Spreadsheets, mostly. It takes us a day per quote.\nAnna: What would it mean for you to send them the same afternoon?',
        },
      },
      { service: 'sound-generator', params: { prompt: 'rain on a tin roof' } },
    ],
  });

/** Time to fetch and store a hosted result once its request ended, on top of the provider's own deadline. */
export const HOSTED_RESULT_MARGIN_MS = 2 * 60_000;

/** The per-service deadlines of jobs on hosted providers here, and of built-in runs (see `jobTimeoutMs`). */
export type JobTimeouts = { hostedMs: Record<ServiceKey, number>; overrides?: Partial<Record<ServiceKey, number>> };

/**
 * How long a job of each service may take on hosted providers in this process: the catalogue's `hostedTimeoutMs`, or
 * the slowest configured provider and model's deadline (packages/engines provider-deadlines.ts: minutes for video)
 * plus the time to fetch the result, whichever is longer. An admin's choice of a slower model lengthens it.
 */
export function hostedTimeoutsOf(engines: {
  providersOf(service: ServiceKey): readonly { name: ProviderName; model: string }[];
}): Record<ServiceKey, number> {
  return Object.fromEntries(
    serviceKeys.map((service) => [
      service,
      Math.max(
        serviceDefinitions[service].hostedTimeoutMs,
        ...engines.providersOf(service).map((provider) => deadlineMsOf(provider.name, provider.model) + HOSTED_RESULT_MARGIN_MS),
      ),
    ]),
  ) as Record<ServiceKey, number>;
}

/** A job's deadline: an option's override, else its hosted deadline (engine kind 'remote') or the built-in engine's. */
export function jobTimeoutMs(timeouts: JobTimeouts | undefined, service: string, engineKind = 'builtin'): number {
  const key = service as ServiceKey;
  const definition = serviceDefinitions[key];
  if (!definition) return 120_000;
  return (
    timeouts?.overrides?.[key] ?? (engineKind === 'remote' ? (timeouts?.hostedMs[key] ?? definition.hostedTimeoutMs) : definition.timeoutMs)
  );
}
