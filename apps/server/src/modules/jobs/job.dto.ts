import type { Job, JobOutput, OutputKind } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { FileLinks } from '../files/index.ts';
import type { JobOutputRow, JobRow } from './tables.ts';

/**
 * `previewUrl` is what the app shows: a viewer who may download sees the original file itself (the same bytes as the
 * download); anyone else sees the reduced, watermarked preview, whose signed token names only the preview's key.
 */
export function toJobOutputDto(row: JobOutputRow, links: FileLinks, mayDownload: boolean): JobOutput {
  const shown =
    !mayDownload && row.previewStorageKey
      ? { key: row.previewStorageKey, contentType: row.previewContentType ?? row.contentType, preview: true }
      : { key: row.storageKey, contentType: row.contentType, preview: false };
  return {
    id: row.id,
    kind: row.kind as OutputKind,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    previewUrl: links.sign({ key: shown.key, contentType: shown.contentType, disposition: 'inline' }).url,
    preview: shown.preview,
  };
}

/** The job as the API shows it; `mayDownload` is the viewer's right (a purchase, or an admin). */
export function toJobDto(row: JobRow, outputs: JobOutputRow[], links: FileLinks, mayDownload: boolean): Job {
  const durationMs = row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null;
  return {
    id: row.id,
    service: row.service as ServiceKey,
    status: row.status,
    progress: row.status === 'succeeded' ? 1 : Math.min(1, Math.max(0, row.progress)),
    params: row.params,
    cost: row.cost,
    engine: { kind: row.engineKind === 'remote' ? 'remote' : 'builtin', label: row.engineLabel },
    error: row.error,
    refunded: row.refundedAt !== null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs,
    outputs: outputs.map((output) => toJobOutputDto(output, links, mayDownload)),
    summary: row.summary ?? null,
    canDownload: mayDownload && row.status === 'succeeded' && outputs.length > 0,
  };
}
