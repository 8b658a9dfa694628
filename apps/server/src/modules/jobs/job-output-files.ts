import { randomUUID } from 'node:crypto';
import type { EngineResult } from '@lumen/engines';
import type { Storage } from '../files/index.ts';
import type { StoredOutput } from './job-outcome.ts';

/** Puts a run's result files (and their previews) in storage under jobs/<job id>/, in the engine's order. */
export async function storeOutputs(storage: Storage, jobId: string, result: EngineResult): Promise<StoredOutput[]> {
  const outputs: StoredOutput[] = [];
  for (const [position, file] of result.files.entries()) {
    const id = randomUUID();
    const storageKey = `jobs/${jobId}/${id}`;
    await storage.put(storageKey, file.data);
    let previewStorageKey: string | null = null;
    if (file.preview) {
      previewStorageKey = `jobs/${jobId}/${id}-preview`;
      await storage.put(previewStorageKey, file.preview.data);
    }
    outputs.push({
      id,
      kind: file.kind,
      name: file.name,
      contentType: file.contentType,
      size: file.data.length,
      storageKey,
      previewStorageKey,
      previewContentType: file.preview?.contentType ?? null,
      position,
    });
  }
  return outputs;
}

/** Deletes stored result files nobody will see (the job was no longer this worker's). */
export async function deleteStoredOutputs(storage: Storage, outputs: StoredOutput[]): Promise<void> {
  for (const output of outputs) {
    await storage.delete(output.storageKey);
    if (output.previewStorageKey) await storage.delete(output.previewStorageKey);
  }
}
