import { z } from 'zod';
import { nonEmptyBody } from '../http/non-empty-body.ts';
import { isWithinSupportedYears, supportedYearsMessage } from '../http/date-bounds.ts';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';
import { serviceKeys } from '../services/catalogue.ts';
import type { ServiceKey } from '../services/catalogue.ts';
import { garmentCategories } from '../services/virtual-try-on-params.ts';

/** Request and response schemas of docs/api/jobs-contract.md (the server's source of truth). */

export const serviceKeySchema = z.enum(serviceKeys);
/**
 * 'at_provider': a hosted provider is working on the job and will call our webhook when it is done; no
 * worker holds it meanwhile.
 */
export const jobStatuses = ['queued', 'running', 'at_provider', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const finalJobStatuses: readonly JobStatus[] = ['succeeded', 'failed'];
/** The error of a job its owner (or an admin) cancelled before it finished; it ends failed and refunded. */
export const jobCancelledMessage = 'Cancelled at your request.';
export const outputKinds = ['image', 'video', 'audio', 'report'] as const;
export type OutputKind = (typeof outputKinds)[number];
export const engineKinds = ['builtin', 'remote'] as const;
export type EngineKind = (typeof engineKinds)[number];
export const uploadPurposes = ['image', 'transcript'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** Limits of POST /uploads. */
export const uploadLimits = {
  imageMaxBytes: 15 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  imageMinSide: 64,
  transcriptMaxBytes: 1024 * 1024,
} as const;
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const transcriptContentTypes = ['text/plain', 'text/vtt', 'application/x-subrip'] as const;

// Rounded up, so an image just over the limit never reads as equal to it.
const megapixels = (pixels: number): string => String(Math.ceil(pixels / 100_000) / 10);

/** A picture bigger than the service's `maxPixels` takes (the server and the web say the same). */
export function tooManyPixelsMessage(serviceName: string, pixels: number, maxPixels: number): string {
  return `This image is ${megapixels(pixels)} megapixels; ${serviceName} takes images up to ${megapixels(maxPixels)} megapixels. Please use a smaller image.`;
}

export const engineInfoSchema = z.object({ kind: z.enum(engineKinds), label: z.string() });
export type EngineInfo = z.infer<typeof engineInfoSchema>;

/** The engine a service runs on now, as the catalogue discloses it. */
export const serviceEngineSchema = engineInfoSchema.extend({
  provider: z.string().nullable().describe('The hosted provider running the service (e.g. Replicate); null on the offline engine'),
  model: z.string().nullable().describe("The provider's model (e.g. black-forest-labs/flux-schnell); null on the offline engine"),
});
export type ServiceEngine = z.infer<typeof serviceEngineSchema>;

// ---- Catalogue ----
export const serviceFileSchema = z.object({
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
  accept: z.array(z.string()),
  maxBytes: z.number().int(),
  /** Width × height an image may have for this service (below the upload limit). */
  maxPixels: z.number().int().optional(),
});
export type ServiceFile = z.infer<typeof serviceFileSchema>;

export const serviceEntrySchema = z.object({
  key: serviceKeySchema,
  name: z.string(),
  description: z.string(),
  cost: z.number().int().nonnegative(),
  usesLeft: z.number().int().nonnegative().nullable().optional(),
  /** Runs a day per account of a free (0-credit) service, when that limit is on. */
  freeRunsPerDay: z.number().int().positive().optional(),
  outputKind: z.enum(outputKinds),
  engine: serviceEngineSchema.describe(
    'What runs the service: a hosted model (kind remote, with provider and model) or the offline engine',
  ),
  files: z.array(serviceFileSchema),
});
export type ServiceEntry = z.infer<typeof serviceEntrySchema>;
export const serviceListSchema = z.array(serviceEntrySchema);

// ---- Uploads ----
export const uploadSchema = z
  .object({
    id: z.uuid(),
    purpose: z.enum(uploadPurposes),
    name: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    previewUrl: z.string(),
    createdAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: '5b7c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4',
        purpose: 'image',
        name: 'portrait.jpg',
        contentType: 'image/jpeg',
        size: 1843200,
        width: 1600,
        height: 2000,
        previewUrl: 'https://lumen.example/api/v1/files/eyJrIjoidXBsb2Fkcy8uLi4ifQ.sig',
        createdAt: '2026-11-25T09:59:30.000Z',
      },
    ],
  });
export type Upload = z.infer<typeof uploadSchema>;

// ---- Jobs ----
/**
 * The body of POST /jobs as a client sends it. The server checks it per service (params and upload fields of
 * each service: apps/server/src/modules/jobs/service-catalogue.ts, stated in the OpenAPI document).
 */
export type CreateJobBody = { service: ServiceKey; params?: Record<string, unknown>; files?: Record<string, string> };

export const jobOutputSchema = z.object({
  id: z.uuid(),
  kind: z.enum(outputKinds),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  previewUrl: z
    .string()
    .describe(
      'A signed link (inline) to what the app shows: the original file when the viewer may download (canDownload), otherwise the reduced, watermarked preview',
    ),
  preview: z.boolean().describe('True when previewUrl is the reduced, watermarked preview rather than the original file'),
});
export type JobOutput = z.infer<typeof jobOutputSchema>;

const jobExample = {
  id: '3f0b9a52-6c1e-4f7a-9a43-1c2d3e4f5a6b',
  service: 'image-generator',
  status: 'succeeded',
  progress: 1,
  params: { prompt: 'a sailboat on a calm sea at dawn', aspectRatio: '16:9', style: 'watercolor', numberOfImages: 1 },
  cost: 1,
  engine: { kind: 'builtin', label: 'Built-in image engine' },
  error: null,
  refunded: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  startedAt: '2026-11-25T10:00:00.412Z',
  finishedAt: '2026-11-25T10:00:02.908Z',
  durationMs: 2496,
  outputs: [
    {
      id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
      kind: 'image',
      name: 'image-1.png',
      contentType: 'image/png',
      size: 482113,
      previewUrl: 'https://lumen.example/api/v1/files/eyJrIjoiam9icy8uLi4ifQ.sig',
      preview: false,
    },
  ],
  summary: { style: 'watercolor', aspectRatio: '16:9', seed: 1842 },
  canDownload: true,
};

export const jobSchema = z
  .object({
    id: z.uuid(),
    service: serviceKeySchema,
    status: z.enum(jobStatuses),
    progress: z.number().min(0).max(1),
    params: z.record(z.string(), z.unknown()),
    cost: z.number().int().nonnegative(),
    engine: engineInfoSchema,
    error: z.string().nullable(),
    refunded: z.boolean(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    outputs: z.array(jobOutputSchema),
    /** What the engine reports about the result (e.g. the sales pilot's analysis); null until it has one. */
    summary: z.record(z.string(), z.unknown()).nullable(),
    canDownload: z.boolean(),
  })
  .meta({ examples: [jobExample] });
export type Job = z.infer<typeof jobSchema>;

export const jobListQuerySchema = z.strictObject({
  /** Only this tool's jobs. */
  service: serviceKeySchema.optional(),
  status: z.enum(jobStatuses).optional(),
  /** Jobs whose prompt (or pasted text) contains this, whatever the case. */
  search: z
    .string()
    .trim()
    .min(1, 'search must not be empty')
    .max(200, 'search must be at most 200 characters')
    .optional()
    .meta({ examples: ['lighthouse'] }),
  ...paginationQueryShape,
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;
/** A job's first input file as GET /jobs lists it; `previewUrl` is a signed link for a picture, null for a transcript. */
export const jobInputSchema = z.object({ name: z.string(), previewUrl: z.string().nullable() });
export type JobInput = z.infer<typeof jobInputSchema>;

/** A job in GET /jobs: the job and what it was made from (null for a prompt or pasted text). */
export const jobListItemSchema = jobSchema.extend({ input: jobInputSchema.nullable() }).meta({
  examples: [
    { ...jobExample, input: null },
    {
      ...jobExample,
      id: '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
      service: 'ai-background',
      params: { mode: 'color', color: '#1a2b3c' },
      cost: 0,
      engine: { kind: 'builtin', label: 'Built-in background engine' },
      outputs: [{ ...jobExample.outputs[0], id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', name: 'portrait-background.png' }],
      summary: null,
      input: { name: 'portrait.jpg', previewUrl: 'https://lumen.example/api/v1/files/eyJrIjoidXBsb2Fkcy8uLi4ifQ.sig' },
    },
  ],
});
export type JobListItem = z.infer<typeof jobListItemSchema>;
export const paginatedJobsSchema = paginatedSchema(jobListItemSchema);

export const jobIdParamsSchema = z.strictObject({ id: z.uuid('Not a job id') });
export const jobOutputParamsSchema = z.strictObject({ id: z.uuid('Not a job id'), outputId: z.uuid('Not an output id') });

export const downloadLinkSchema = z.object({ url: z.string(), expiresAt: z.string() }).meta({
  examples: [{ url: 'https://lumen.example/api/v1/files/eyJrIjoiam9icy8uLi4ifQ.sig', expiresAt: '2026-11-25T10:05:00.000Z' }],
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

// ---- Try-on catalogue ----
export const garmentCategorySchema = z.enum(garmentCategories);
export const tryOnModelSchema = z.object({ id: z.uuid(), name: z.string(), category: z.string(), imageUrl: z.string() });
export type TryOnModel = z.infer<typeof tryOnModelSchema>;
export const tryOnGarmentSchema = z.object({ id: z.uuid(), name: z.string(), category: garmentCategorySchema, imageUrl: z.string() });
export type TryOnGarment = z.infer<typeof tryOnGarmentSchema>;

// ---- Introduction dialogs ----
export const introductionDialogParamsSchema = z.strictObject({ service: serviceKeySchema });
export const introductionDialogSchema = z.object({
  service: serviceKeySchema,
  title: z.string(),
  body: z.string(),
  enabled: z.boolean(),
  seen: z.boolean(),
});
export type IntroductionDialog = z.infer<typeof introductionDialogSchema>;
export const introductionDialogDismissSchema = z.object({ seen: z.literal(true) });

// ---- Admin ----
export const jobUserSchema = z.object({ id: z.uuid(), email: z.string(), name: z.string() });
export const adminJobSchema = jobSchema.extend({ user: jobUserSchema });
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobListQuerySchema = z.strictObject({
  service: serviceKeySchema.optional(),
  status: z.enum(jobStatuses).optional(),
  userId: z.uuid().optional(),
  search: z.string().trim().max(200).optional(),
  from: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .refine(isWithinSupportedYears, supportedYearsMessage('from'))
    .optional(),
  to: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .refine(isWithinSupportedYears, supportedYearsMessage('to'))
    .optional(),
  ...paginationQueryShape,
});
export type AdminJobListQuery = z.infer<typeof adminJobListQuerySchema>;
export const paginatedAdminJobsSchema = paginatedSchema(adminJobSchema);

export const adminJobLedgerEntrySchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export const adminJobDetailSchema = adminJobSchema.extend({
  inputs: z.array(uploadSchema.extend({ field: z.string() })),
  timings: z.object({
    queuedMs: z.number().int().nullable(),
    runningMs: z.number().int().nullable(),
    heartbeatAt: z.string().nullable(),
  }),
  attempts: z.number().int(),
  ledgerEntries: z.array(adminJobLedgerEntrySchema),
  /** The hosted provider that ran (or is running) the job; null on a built-in engine. */
  provider: z
    .object({
      name: z.string(),
      model: z.string(),
      /** The provider's id of the request, stored before the worker waited on it. */
      requestId: z.string().nullable(),
      /** From submission to the provider's answer. */
      timeMs: z.number().int().nullable(),
      /** The provider's published price of the run, in millionths of a dollar; null when none is on record. */
      costMicroUsd: z.number().int().nullable(),
    })
    .nullable(),
});
export type AdminJobDetail = z.infer<typeof adminJobDetailSchema>;

export const tryOnCatalogueItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  category: z.string(),
  imageUrl: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TryOnCatalogueItem = z.infer<typeof tryOnCatalogueItemSchema>;
/** Multipart text fields of POST /admin/try-on/{models,garments} (the image is the `image` file part). */
export const createTryOnItemFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give it a name').max(100),
  category: garmentCategorySchema,
});
export const updateTryOnItemBodySchema = nonEmptyBody(
  z.strictObject({
    name: z.string().trim().min(1, 'Give it a name').max(100).optional(),
    category: garmentCategorySchema.optional(),
    isActive: z.boolean().optional(),
  }),
  'Change at least one field',
);
export type UpdateTryOnItemBody = z.infer<typeof updateTryOnItemBodySchema>;

export const statisticsQuerySchema = z.strictObject({
  from: z.iso.date().refine(isWithinSupportedYears, supportedYearsMessage('from')).optional(),
  to: z.iso.date().refine(isWithinSupportedYears, supportedYearsMessage('to')).optional(),
});
const topItemSchema = z.object({ id: z.uuid(), name: z.string(), uses: z.number().int() });
export const tryOnStatisticsSchema = z.object({
  totalJobs: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  successRate: z.number().min(0).max(1),
  avgDurationMs: z.number().nullable(),
  topModels: z.array(topItemSchema),
  topGarments: z.array(topItemSchema),
  perDay: z.array(z.object({ date: z.iso.date(), jobs: z.number().int(), succeeded: z.number().int(), failed: z.number().int() })),
});
export type TryOnStatistics = z.infer<typeof tryOnStatisticsSchema>;

export const adminIntroductionDialogSchema = z.object({
  service: serviceKeySchema,
  title: z.string(),
  body: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
  updatedBy: z.uuid().nullable(),
});
export type AdminIntroductionDialog = z.infer<typeof adminIntroductionDialogSchema>;
export const updateIntroductionDialogBodySchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Give the dialog a title').max(120),
    body: z.string().trim().min(1, 'Write what the dialog says').max(4000),
    enabled: z.boolean(),
  })
  .meta({
    examples: [
      {
        title: 'Welcome to Sound Generator',
        body: 'Describe a sound or a piece of music and choose how long it should be.\n\nYou get an audio file with its waveform.',
        enabled: true,
      },
    ],
  });
export type UpdateIntroductionDialogBody = z.infer<typeof updateIntroductionDialogBodySchema>;
