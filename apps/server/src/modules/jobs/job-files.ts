import type { FieldIssue } from '@lumen/core/http/envelope';
import { tooManyPixelsMessage } from '@lumen/core/jobs/schemas';
import { transcriptProblem } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { summarizeIssues } from '../../plugins/errors.ts';
import { activeCatalogueItemId } from '../try-on/index.ts';
import type { ServiceDefinition } from './service-catalogue.ts';
import type { JobFileRef } from './tables.ts';
import { findUploadsByIds } from './uploads.repository.ts';

export const UPLOAD_NOT_FOUND_MESSAGE = 'Upload not found';

function invalid(details: FieldIssue[]): AppError {
  return new AppError('VALIDATION_ERROR', 400, summarizeIssues(details), { details });
}

/** Which file fields a service needs for these params (beyond its always-required ones). */
function requiredFields(definition: ServiceDefinition, params: Record<string, unknown>): Set<string> {
  const required = new Set(definition.files.filter((file) => file.required).map((file) => file.name));
  if (definition.key === 'ai-background' && params.mode === 'upload') required.add('background');
  if (definition.key === 'virtual-try-on') {
    if (!params.modelId) required.add('person');
    if (!params.garmentId) required.add('garment');
  }
  return required;
}

/**
 * Checks a job's files: known fields, the caller's own uploads of the right purpose and size (another
 * user's upload is a 404), required ones present, and try-on catalogue ids that are active.
 */
export async function resolveJobFiles(
  db: Db,
  input: { userId: string; definition: ServiceDefinition; params: Record<string, unknown>; files: Record<string, string> },
): Promise<Record<string, JobFileRef>> {
  const { definition, params } = input;
  const specs = new Map(definition.files.map((file) => [file.name, file]));
  const issues: FieldIssue[] = [];
  for (const field of Object.keys(input.files)) {
    if (!specs.has(field)) issues.push({ field: `files.${field}`, message: `${definition.name} takes no file called ${field}` });
  }
  const required = requiredFields(definition, params);
  for (const field of required) {
    if (!input.files[field]) {
      const spec = specs.get(field);
      issues.push({ field: `files.${field}`, message: `Upload the ${(spec?.label ?? field).toLowerCase()}` });
    }
  }
  if (definition.key === 'virtual-try-on') {
    if (params.modelId && input.files.person)
      issues.push({ field: 'files.person', message: 'Choose a model or upload a person photo, not both' });
    if (params.garmentId && input.files.garment)
      issues.push({ field: 'files.garment', message: 'Choose a garment or upload one, not both' });
  }
  if (definition.key === 'sales-pilot') {
    const hasText = typeof params.text === 'string' && params.text.length > 0;
    if (hasText && input.files.transcript) issues.push({ field: 'files.transcript', message: 'Paste the text or upload a file, not both' });
    // Pasted text the analysis cannot run on (under 12 words of speech) is refused before the charge; uploads are
    // checked when they are made (uploads.service.ts).
    const problem = hasText && !input.files.transcript ? transcriptProblem(params.text as string) : null;
    if (problem) issues.push({ field: 'params.text', message: problem });
    if (!hasText && !input.files.transcript) {
      issues.push({ field: 'params.text', message: 'Paste the transcript or notes, or upload a .txt, .vtt or .srt file' });
    }
  }
  if (issues.length > 0) throw invalid(issues);

  // Files a mode does not use (e.g. a background upload outside 'upload' mode) are dropped.
  const used = Object.entries(input.files).filter(
    ([field]) => definition.key !== 'ai-background' || field !== 'background' || required.has(field),
  );
  const rows = await findUploadsByIds(
    db,
    used.map(([, id]) => id),
  );
  const refs: Record<string, JobFileRef> = {};
  for (const [field, id] of used) {
    const row = rows.find((upload) => upload.id === id);
    if (!row || row.userId !== input.userId) throw new AppError('NOT_FOUND', 404, UPLOAD_NOT_FOUND_MESSAGE);
    const spec = specs.get(field);
    if (spec && row.purpose !== spec.purpose) {
      throw invalid([{ field: `files.${field}`, message: `This needs ${spec.purpose === 'image' ? 'an image' : 'a transcript'} upload` }]);
    }
    const pixels = (row.width ?? 0) * (row.height ?? 0);
    if (spec?.maxPixels !== undefined && pixels > spec.maxPixels) {
      throw invalid([{ field: `files.${field}`, message: tooManyPixelsMessage(definition.name, pixels, spec.maxPixels) }]);
    }
    refs[field] = { source: 'upload', id };
  }
  if (definition.key === 'virtual-try-on') {
    if (typeof params.modelId === 'string') {
      const modelId = await activeCatalogueItemId(db, 'model', params.modelId);
      if (!modelId) throw new AppError('NOT_FOUND', 404, 'That model is not available');
      refs.person = { source: 'try-on-model', id: modelId };
    }
    if (typeof params.garmentId === 'string') {
      const garmentId = await activeCatalogueItemId(db, 'garment', params.garmentId);
      if (!garmentId) throw new AppError('NOT_FOUND', 404, 'That garment is not available');
      refs.garment = { source: 'try-on-garment', id: garmentId };
    }
  }
  return refs;
}
