import type { JobInput } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { Db } from '../../db/database.ts';
import type { FileLinks, Storage } from '../files/index.ts';
import { EngineInputError } from '@lumen/engines';
import type { EngineFile } from '@lumen/engines';
import { catalogueItemsByIds } from '../try-on/index.ts';
import { serviceDefinitions } from './service-catalogue.ts';
import { findUploadsByIds } from './uploads.repository.ts';
import type { JobFileRef, JobRow } from './tables.ts';

type StoredRef = { key: string; name: string; contentType: string };

/** Where each input of a job lives in storage (uploads or the try-on catalogue). */
export async function resolveJobInputs(db: Db, files: Record<string, JobFileRef>): Promise<Record<string, StoredRef | null>> {
  const ids = (source: JobFileRef['source']) =>
    Object.values(files)
      .filter((ref) => ref.source === source)
      .map((ref) => ref.id);
  const [uploadRows, modelRows, garmentRows] = await Promise.all([
    findUploadsByIds(db, ids('upload')),
    catalogueItemsByIds(db, 'model', ids('try-on-model')),
    catalogueItemsByIds(db, 'garment', ids('try-on-garment')),
  ]);
  const result: Record<string, StoredRef | null> = {};
  for (const [field, ref] of Object.entries(files)) {
    if (ref.source === 'upload') {
      const row = uploadRows.find((upload) => upload.id === ref.id);
      result[field] = row ? { key: row.storageKey, name: row.name, contentType: row.contentType } : null;
    } else {
      const row = (ref.source === 'try-on-model' ? modelRows : garmentRows).find((item) => item.id === ref.id);
      result[field] = row ? { key: row.storageKey, name: `${row.name}.png`, contentType: 'image/png' } : null;
    }
  }
  return result;
}

/**
 * The first input of each job, in its service's field order (the photo before a background, the person before the
 * garment), as GET /jobs lists it: the name, and a signed inline link when it is a picture. Jobs without files are left out.
 */
export async function findListInputs(
  db: Db,
  links: FileLinks,
  rows: Pick<JobRow, 'id' | 'service' | 'files'>[],
): Promise<Map<string, JobInput>> {
  const firstRefs: Record<string, JobFileRef> = {};
  for (const row of rows) {
    const field = serviceDefinitions[row.service as ServiceKey]?.files.find((file) => row.files[file.name])?.name;
    if (field) firstRefs[row.id] = row.files[field]!;
  }
  const stored = await resolveJobInputs(db, firstRefs);
  const inputs = new Map<string, JobInput>();
  for (const [jobId, ref] of Object.entries(stored)) {
    if (!ref) continue;
    const isPicture = ref.contentType.startsWith('image/');
    inputs.set(jobId, {
      name: ref.name,
      previewUrl: isPicture ? links.sign({ key: ref.key, contentType: ref.contentType, disposition: 'inline' }).url : null,
    });
  }
  return inputs;
}

/** Reads a job's input files for its engine. */
export async function loadJobInputs(db: Db, storage: Storage, files: Record<string, JobFileRef>): Promise<Record<string, EngineFile>> {
  const refs = await resolveJobInputs(db, files);
  const loaded: Record<string, EngineFile> = {};
  for (const [field, ref] of Object.entries(refs)) {
    if (!ref || !(await storage.exists(ref.key))) {
      throw new EngineInputError(`The ${field} file of this job no longer exists; please upload it again`);
    }
    loaded[field] = { name: ref.name, contentType: ref.contentType, data: await storage.get(ref.key) };
  }
  return loaded;
}
