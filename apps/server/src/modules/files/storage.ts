import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where files live (uploads, job results, the try-on catalogue). Keys are relative paths such as
 * `uploads/<user>/<id>`; the local-disk driver keeps them under DATA_DIR/storage, an S3 driver
 * (a later issue) implements the same interface.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Bytes start..end inclusive (the whole file without a range). */
  stream(key: string, range?: { start: number; end: number }): Readable;
  /** The file's size, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Removes a file; a missing one is not an error. */
  delete(key: string): Promise<void>;
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
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, path);
    },
    get: (key) => readFile(pathOf(key)),
    stream: (key, range) => createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {}),
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
  };
}
