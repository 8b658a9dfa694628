import type { AppConfig } from '../../config/index.ts';
import { createLocalStorage, storageDirectory } from './storage.ts';
import type { Storage } from './storage.ts';

export type OpenedStorage = { storage: Storage; close(): void };

/**
 * The storage driver of STORAGE_DRIVER, checked before the process serves anything: for S3 the
 * bucket must answer (it is created when missing), so a wrong endpoint or key fails start-up with
 * one clear line instead of the first upload.
 */
export async function openStorage(config: Pick<AppConfig, 'storageDriver' | 's3' | 'dataDir'>): Promise<OpenedStorage> {
  if (config.storageDriver === 'local') return { storage: createLocalStorage(storageDirectory(config.dataDir)), close: () => undefined };
  if (!config.s3) throw new Error('STORAGE_DRIVER=s3 needs the S3_* settings');
  // The AWS SDK loads only in processes that store files in S3.
  const { createS3Storage } = await import('./s3-storage.ts');
  const storage = createS3Storage(config.s3);
  try {
    await storage.ensureBucket();
  } catch (error) {
    storage.close();
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason = `${status ? `HTTP ${status}, ` : ''}${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    throw new Error(
      `S3 storage: bucket ${config.s3.bucket} at ${config.s3.endpoint ?? `AWS ${config.s3.region}`} is not reachable (${reason})`,
      {
        cause: error,
      },
    );
  }
  return { storage, close: () => storage.close() };
}
