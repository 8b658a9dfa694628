import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How a direct link from the store itself should serve a file (S3 presigned URLs). */
export type DirectLinkOptions = {
  contentType: string;
  disposition: 'inline' | 'attachment';
  fileName?: string;
  expiresInSeconds: number;
};

/**
 * Where files live (uploads, job results, the try-on catalogue). Keys are relative paths such as
 * `uploads/<user>/<id>`; the local-disk driver keeps them under DATA_DIR/storage, the S3 driver
 * (s3-storage.ts) in a bucket. createStorage (create-storage.ts) picks one from configuration.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** A stream is written as it arrives (never held whole in memory); readers never see half a file. */
  put(key: string, data: Buffer | Readable, options?: { contentType?: string }): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Bytes start..end inclusive (the whole file without a range). */
  stream(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The file's size, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Removes a file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A short-lived URL the store serves the file from itself (S3: a presigned GET), or null when the
   * driver has none (local disk: files go through GET /files/{token}).
   */
  directLink(key: string, options: DirectLinkOptions): Promise<string | null>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

export function storageDirectory(dataDir: string): string {
  return join(dataDir, 'storage');
}

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };
  return {
    driver: 'local',
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        if (Buffer.isBuffer(data)) await writeFile(temporary, data);
        else await pipeline(data, createWriteStream(temporary));
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    get: (key) => readFile(pathOf(key)),
    stream: async (key, range) => createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {}),
    async size(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    async exists(key) {
      return (await this.size(key)) !== null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    directLink: async () => null,
  };
}
