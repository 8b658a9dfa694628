import type { Job, JobOutput, OutputKind } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { FileLinks } from '../files/index.ts';
import type { JobOutputRow, JobRow } from './tables.ts';

export function toJobOutputDto(row: JobOutputRow, links: FileLinks): JobOutput {
  const preview = row.previewStorageKey
    ? { key: row.previewStorageKey, contentType: row.previewContentType ?? row.contentType }
    : { key: row.storageKey, contentType: row.contentType };
  return {
    id: row.id,
    kind: row.kind as OutputKind,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    previewUrl: links.sign({ key: preview.key, contentType: preview.contentType, disposition: 'inline' }).url,
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
    outputs: outputs.map((output) => toJobOutputDto(output, links)),
    summary: row.summary ?? null,
    canDownload: mayDownload && row.status === 'succeeded' && outputs.length > 0,
  };
}
