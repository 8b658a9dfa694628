import { z } from 'zod';
import type { OutputKind, ServiceFile, UploadPurpose } from '@lumen/core/jobs/schemas';
import { imageContentTypes, transcriptContentTypes, uploadLimits } from '@lumen/core/jobs/schemas';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
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
  /** A run is aborted after this long. */
  timeoutMs: number;
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
  },
};

export const orderedServiceDefinitions = serviceKeys.map((key) => serviceDefinitions[key]);

const uploadIdSchema = z.uuid('Must be an upload id');

/** One service's POST /jobs body: its own params and the upload fields it names. */
function jobBodySchemaOf<Key extends ServiceKey>(definition: ServiceDefinition & { key: Key }) {
  const fileFields = Object.fromEntries(
    definition.files.map((file) => [
      file.name,
      uploadIdSchema.optional().describe(`${file.label}${file.required ? ' (required)' : ''}: an upload id from POST /uploads`),
    ]),
  );
  return z
    .strictObject({
      service: z.literal(definition.key),
      // prefault: a missing params object is checked as {} (so a required param is named), not skipped.
      params: definition.paramsSchema.prefault({}),
      files: z.strictObject(fileFields).prefault({}),
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
      { service: 'image-generator', params: { prompt: 'a lighthouse on a cliff at dawn', aspectRatio: '16:9', style: 'watercolor' } },
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
