import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../config/storage.ts';

export type LocalS3 = { config: S3StorageConfig; endpoint: string; close(): Promise<void> };

/**
 * An S3-compatible server (s3rver, from npm) on a random loopback port with its files in a temporary
 * folder; it checks request signatures with its fixed S3RVER key pair.
 */
export async function startLocalS3(bucket = 'lumen-test'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'lumen-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    config: {
      bucket,
      region: 'us-east-1',
      endpoint,
      publicEndpoint: null,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
